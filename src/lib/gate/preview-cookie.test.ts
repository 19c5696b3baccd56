import { describe, expect, it } from 'vitest';
import { readCookie } from '../http/cookies.ts';
import { issuePreviewToken, previewCookie, verifyPreviewToken } from './preview-cookie.ts';

const now = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('preview gate cookie', () => {
  it('verifies a token it issued until it expires', async () => {
    const token = await issuePreviewToken('open sesame', now);
    expect(await verifyPreviewToken('open sesame', token, now + 1000)).toBe(true);
    expect(await verifyPreviewToken('open sesame', token, now + 8 * 24 * 3600 * 1000)).toBe(false);
  });

  it('refuses a token of another password, a changed expiry and garbage', async () => {
    const token = await issuePreviewToken('open sesame', now);
    expect(await verifyPreviewToken('new password', token, now)).toBe(false);
    const [expires, signature] = token.split('.');
    expect(await verifyPreviewToken('open sesame', `${Number(expires) + 3600}.${signature}`, now)).toBe(false);
    for (const bad of ['', 'x', `${expires}.`, `${expires}.${'A'.repeat(43)}`, `${expires}.${signature}x`]) {
      expect(await verifyPreviewToken('open sesame', bad, now)).toBe(false);
    }
  });

  it('builds an HttpOnly SameSite=Lax cookie, Secure on HTTPS', () => {
    expect(previewCookie('t', true)).toBe('preview_access=t; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure');
    expect(previewCookie('t', false)).not.toContain('Secure');
  });

  it('reads one cookie of a header', () => {
    expect(readCookie('a=1; preview_access=v.w; b=2', 'preview_access')).toBe('v.w');
    expect(readCookie('xpreview_access=1', 'preview_access')).toBeNull();
    expect(readCookie(null, 'preview_access')).toBeNull();
  });
});
