import { describe, expect, it } from 'vitest';
import { signRenderToken, verifyRenderToken } from './render-token.ts';

const secret = 'a-shared-secret-of-some-length';
const now = Date.UTC(2026, 10, 24, 6, 0, 0);

describe('render token', () => {
  it('verifies for its form and gives the issue time in seconds', async () => {
    const token = await signRenderToken(secret, 'contact', now);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyRenderToken(secret, 'contact', token)).toBe(now / 1000);
  });

  it('refuses another form, another secret, a changed time and garbage', async () => {
    const token = await signRenderToken(secret, 'contact', now);
    const [issuedAt, signature] = token.split('.');
    expect(await verifyRenderToken(secret, 'trade-application', token)).toBeNull();
    expect(await verifyRenderToken('another-secret-of-some-length', 'contact', token)).toBeNull();
    expect(await verifyRenderToken(secret, 'contact', `${Number(issuedAt) - 60}.${signature}`)).toBeNull();
    for (const bad of ['', 'x', `${issuedAt}.`, `${issuedAt}.${signature}=`, `-1.${signature}`, `${issuedAt}.${signature}.x`]) {
      expect(await verifyRenderToken(secret, 'contact', bad)).toBeNull();
    }
  });
});
