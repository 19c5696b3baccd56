import { describe, expect, it } from 'vitest';
import { openSession, sealSession, type Session } from './session-token.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const NOW = Date.UTC(2026, 10, 23, 12);
const session: Session = { token: 'header.payload.signature', groupId: 2, firstName: 'Bea', expiresAt: NOW + 3_600_000, checkedAt: NOW };

/** The cookie value with its JSON body replaced, the signature kept. */
function withBody(value: string, body: unknown): string {
  const [version, , signature] = value.split('.');
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${version}.${encoded}.${signature}`;
}

describe('session token', () => {
  it('opens what it sealed', async () => {
    const value = await sealSession(SECRET, session);
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await openSession(SECRET, value, NOW)).toEqual(session);
  });

  it('refuses a changed customer group (the signature no longer matches)', async () => {
    const value = await sealSession(SECRET, session);
    expect(await openSession(SECRET, withBody(value, { ...session, groupId: 3 }), NOW)).toBeNull();
  });

  it('refuses a flipped signature character, a value of another secret and garbage', async () => {
    const value = await sealSession(SECRET, session);
    const last = value.at(-2) === 'A' ? 'B' : 'A';
    expect(await openSession(SECRET, `${value.slice(0, -2)}${last}${value.at(-1)}`, NOW)).toBeNull();
    expect(await openSession(`${SECRET}-rotated`, value, NOW)).toBeNull();
    for (const junk of ['', 'v1', 'v1..', 'v2.e30.abc', `${value}.extra`, 'v1.%%%.***', 'v1.e30.a']) {
      expect(await openSession(SECRET, junk, NOW)).toBeNull();
    }
  });

  it('ends when the access token expires', async () => {
    const value = await sealSession(SECRET, session);
    expect(await openSession(SECRET, value, session.expiresAt - 1)).not.toBeNull();
    expect(await openSession(SECRET, value, session.expiresAt)).toBeNull();
  });

  it('fails closed without a usable secret', async () => {
    const value = await sealSession(SECRET, session);
    expect(await openSession(undefined, value, NOW)).toBeNull();
    expect(await openSession('short', value, NOW)).toBeNull();
    await expect(sealSession(undefined, session)).rejects.toThrow(/SESSION_SECRET/);
    await expect(sealSession('short', session)).rejects.toThrow(/SESSION_SECRET/);
  });

  it('refuses to seal a session of the wrong shape', async () => {
    await expect(sealSession(SECRET, { ...session, groupId: -1 })).rejects.toThrow();
  });
});
