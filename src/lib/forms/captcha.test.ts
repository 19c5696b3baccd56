import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, CONTENT_SECURITY_POLICY } from '../http/standard-headers.ts';
import { captchaPolicy } from './captcha.ts';

describe('captcha CSP', () => {
  it('adds exactly the provider origins, once each', () => {
    const policy = contentSecurityPolicy(captchaPolicy(['turnstile', 'turnstile']));
    expect(policy).toMatch(/script-src 'self' [^;]* https:\/\/challenges\.cloudflare\.com;/);
    expect(policy).toContain("frame-src 'self' https://challenges.cloudflare.com;");
    expect(policy.match(/challenges\.cloudflare\.com/g)).toHaveLength(2);
    expect(policy).not.toContain('hcaptcha');
  });

  it('leaves the default policy as it was, with no frame-src', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(contentSecurityPolicy());
    expect(CONTENT_SECURITY_POLICY).not.toContain('frame-src');
    expect(contentSecurityPolicy(captchaPolicy([]))).toBe(CONTENT_SECURITY_POLICY);
  });
});
