import { describe, expect, it } from 'vitest';
import { signClientIp, verifiedClientIp } from './client-ip.ts';

const secret = 'test-proxy-secret-0123456789abcdef-0123';
const timestamp = 1_767_225_600;
const at = (seconds: number) => (timestamp + seconds) * 1000;
const headers = (values: Record<string, string>) => (name: string) => values[name];

describe('the storefront-signed client IP', () => {
  // The same vector is checked by the storefront's Web Crypto signer (src/lib/proxy/client-ip.test.ts).
  it('signs the label, the timestamp and the IP with HMAC-SHA256', () => {
    expect(signClientIp(secret, '203.0.113.7', timestamp)).toBe('655e1c1f71ecf0e5ed86c60b9adb480871dd4f55e8d3c9c8700604cbc8ba8ae7');
    expect(signClientIp(secret, '2001:db8::7', timestamp)).toBe('5b0738aa9eb617a42b15770f136ace61b6b35bee8458a3fd0e3a6bdca1757caa');
  });

  const signed = (ip: string, ts = timestamp, signature = signClientIp(secret, ip, ts)) =>
    headers({ 'x-client-ip': ip, 'x-storefront-timestamp': String(ts), 'x-storefront-signature': signature });

  it('believes a fresh, valid signature (IPv4 and IPv6)', () => {
    expect(verifiedClientIp(signed('203.0.113.7'), secret, at(0))).toBe('203.0.113.7');
    expect(verifiedClientIp(signed('203.0.113.7'), secret, at(59))).toBe('203.0.113.7');
    expect(verifiedClientIp(signed('2001:db8::7'), secret, at(5))).toBe('2001:db8::7');
  });

  it('ignores a signature 60 seconds old or more, or from too far ahead', () => {
    expect(verifiedClientIp(signed('203.0.113.7'), secret, at(60))).toBeUndefined();
    expect(verifiedClientIp(signed('203.0.113.7'), secret, at(-11))).toBeUndefined();
  });

  it('ignores another IP under the signature, another secret, a forged or missing signature, and non-IPs', () => {
    const signature = signClientIp(secret, '203.0.113.7', timestamp);
    expect(verifiedClientIp(signed('198.51.100.1', timestamp, signature), secret, at(0))).toBeUndefined();
    expect(verifiedClientIp(signed('203.0.113.7'), `${secret}-other`, at(0))).toBeUndefined();
    expect(verifiedClientIp(signed('203.0.113.7', timestamp, 'f'.repeat(64)), secret, at(0))).toBeUndefined();
    expect(verifiedClientIp(signed('203.0.113.7', timestamp, signature.slice(2)), secret, at(0))).toBeUndefined();
    expect(verifiedClientIp(headers({ 'x-client-ip': '203.0.113.7' }), secret, at(0))).toBeUndefined();
    expect(verifiedClientIp(signed('not-an-ip'), secret, at(0))).toBeUndefined();
    expect(verifiedClientIp(signed('203.0.113.7, 10.0.0.1'), secret, at(0))).toBeUndefined();
  });
});
