import { describe, expect, it } from 'vitest';
import { checkSecret } from './secret.ts';

const SECRET = 'a-long-enough-secret-value';
const request = (authorization?: string) =>
  new Request('https://shop.test/sync', { method: 'POST', headers: authorization ? { Authorization: authorization } : {} });

describe('checkSecret (DECISIONS.md 1)', () => {
  it('accepts the body secret, or a Bearer header', async () => {
    expect(await checkSecret(request(), { secret: SECRET }, SECRET)).toBeNull();
    expect(await checkSecret(request(`Bearer ${SECRET}`), {}, SECRET)).toBeNull();
  });

  it('lets the header decide when present', async () => {
    const denied = await checkSecret(request('Bearer wrong'), { secret: SECRET }, SECRET);
    expect(denied?.status).toBe(401);
    expect(await denied?.json()).toEqual({ error: 'unauthorized', message: 'A valid sync secret is required.' });
  });

  it('refuses missing and wrong secrets with the same answer', async () => {
    const missing = await checkSecret(request(), {}, SECRET);
    const wrong = await checkSecret(request(), { secret: `${SECRET}x` }, SECRET);
    expect(missing?.status).toBe(401);
    expect(await missing?.text()).toBe(await wrong?.text());
  });

  it.each([undefined, '', 'short', 'changeme', 'REPLACE_ME'])('runs nothing when SYNC_SECRET is %j', async (configured) => {
    const response = await checkSecret(request(), { secret: configured }, configured);
    expect(response?.status).toBe(503);
    expect(await response?.json()).toMatchObject({ error: 'sync_secret_not_configured' });
  });
});
