import { describe, expect, it } from 'vitest';
import type { SignedInCustomer } from '../backend-client.ts';
import { BackendError } from '../backend-client.ts';
import { resolveSession } from './session-memo.ts';
import { GROUP_RECHECK_MS, settleRequestSession, type SessionStepOptions } from './session-step.ts';
import { openSession, sealSession, type Session } from './session-token.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const NOW = Date.UTC(2026, 10, 23, 12);
const session: Session = { token: 'jwt', groupId: 2, country: 'US', viewKey: null, firstName: 'Bea', expiresAt: NOW + 3_600_000, checkedAt: NOW };

async function requestWith(value: Session | string, path = '/women'): Promise<{ request: Request; url: URL }> {
  const cookie = typeof value === 'string' ? value : await sealSession(SECRET, value);
  const url = new URL(`https://shop.example${path}`);
  return { request: new Request(url, { headers: { Cookie: `shop_session=${cookie}` } }), url };
}

function options(answer: () => Promise<SignedInCustomer | null>, now = NOW): SessionStepOptions & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    secret: SECRET,
    storeFor: () => 'default',
    now: () => now,
    client: {
      signedInCustomer: (_store: string, token: string) => {
        asked.push(token);
        return answer();
      },
    },
  };
}

/** The session a Set-Cookie header carries. */
async function sessionIn(setCookie: string | null): Promise<Session | null> {
  const value = /^shop_session=([^;]*)/.exec(setCookie ?? '')?.[1] ?? '';
  return openSession(SECRET, value, NOW);
}

describe('settleRequestSession', () => {
  it('believes a recently confirmed group without asking the backend', async () => {
    const { request, url } = await requestWith(session);
    const step = options(() => Promise.reject(new Error('not asked')), NOW + GROUP_RECHECK_MS - 1);
    expect(await settleRequestSession(request, url, step)).toEqual({ session, setCookie: null });
    expect(step.asked).toEqual([]);
  });

  it('re-issues the cookie when the backend says the group changed, and later callers see the new group', async () => {
    const { request, url } = await requestWith(session);
    const later = NOW + GROUP_RECHECK_MS;
    const step = options(async () => ({ firstName: 'Bea', groupId: 1, country: 'US', viewKey: null }), later);
    const outcome = await settleRequestSession(request, url, step);
    expect(step.asked).toEqual(['jwt']);
    expect(outcome.session).toEqual({ ...session, groupId: 1, checkedAt: later });
    expect(outcome.setCookie).toMatch(/^shop_session=v1\..+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(await sessionIn(outcome.setCookie)).toEqual({ ...session, groupId: 1, checkedAt: later });
    expect((await resolveSession(request, SECRET))?.groupId).toBe(1);
  });

  it('re-reads the country with the group (DECISIONS.md 48), at once for a cookie sealed before sessions carried it', async () => {
    const withoutCountry: Session = { ...session };
    delete withoutCountry.country;
    const { request, url } = await requestWith(withoutCountry);
    const step = options(async () => ({ firstName: 'Bea', groupId: 2, country: 'none', viewKey: null }), NOW + 1);
    const outcome = await settleRequestSession(request, url, step);
    expect(step.asked).toEqual(['jwt']);
    expect(outcome.session).toEqual({ ...session, country: 'none', checkedAt: NOW + 1 });
  });

  it('re-reads the view key at once for a cookie sealed before sessions carried it (DECISIONS.md 60: a price-list buyer\'s page is never kept as their group\'s)', async () => {
    const withoutViewKey: Session = { ...session };
    delete withoutViewKey.viewKey;
    const { request, url } = await requestWith(withoutViewKey);
    const step = options(async () => ({ firstName: 'Bea', groupId: 2, country: 'US', viewKey: 'pl-0123456789abcdef' }), NOW + 1);
    const outcome = await settleRequestSession(request, url, step);
    expect(step.asked).toEqual(['jwt']);
    expect(outcome.session).toEqual({ ...session, viewKey: 'pl-0123456789abcdef', checkedAt: NOW + 1 });
  });

  it('signs out a customer whose token the backend refuses', async () => {
    const { request, url } = await requestWith(session);
    const outcome = await settleRequestSession(request, url, options(async () => null, NOW + GROUP_RECHECK_MS));
    expect(outcome).toEqual({ session: null, setCookie: 'shop_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure' });
    expect(await resolveSession(request, SECRET)).toBeNull();
  });

  it('keeps the signed group when the backend cannot be reached', async () => {
    const { request, url } = await requestWith(session);
    const outcome = await settleRequestSession(request, url, options(() => Promise.reject(new BackendError('/customers/me', 'down')), NOW + GROUP_RECHECK_MS));
    expect(outcome).toEqual({ session, setCookie: null });
  });

  it('does not ask the backend for API calls and scripts', async () => {
    for (const path of ['/api/cart', '/plugins/b2b-access.js', '/media/x.svg']) {
      const { request, url } = await requestWith(session, path);
      const step = options(() => Promise.reject(new Error('not asked')), NOW + GROUP_RECHECK_MS);
      expect((await settleRequestSession(request, url, step)).session).toEqual(session);
      expect(step.asked).toEqual([]);
    }
  });

  it('clears a cookie that does not verify, and the request is a guest', async () => {
    const { request, url } = await requestWith('v1.forged.value');
    const outcome = await settleRequestSession(request, url, options(() => Promise.reject(new Error('not asked'))));
    expect(outcome).toEqual({ session: null, setCookie: 'shop_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure' });
  });
});
