import { describe, expect, it } from 'vitest';
import { addSignedClientIp, signClientIp } from './client-ip.ts';

const secret = 'test-proxy-secret-0123456789abcdef-0123';
const timestamp = 1_767_225_600;

describe('signed client IP', () => {
  // The same vector is checked by the backend's node:crypto verifier (backend/src/platform/http/client-ip.test.ts).
  it('signs the label, the timestamp and the IP with HMAC-SHA256 (hex)', async () => {
    expect(await signClientIp(secret, '203.0.113.7', timestamp)).toBe('655e1c1f71ecf0e5ed86c60b9adb480871dd4f55e8d3c9c8700604cbc8ba8ae7');
    expect(await signClientIp(secret, '2001:db8::7', timestamp)).toBe('5b0738aa9eb617a42b15770f136ace61b6b35bee8458a3fd0e3a6bdca1757caa');
  });

  it("forwards CF-Connecting-IP with its timestamp and signature, never the client's X-Forwarded-For", async () => {
    const upstream = new Headers();
    await addSignedClientIp(upstream, new Headers({ 'CF-Connecting-IP': '203.0.113.7', 'X-Forwarded-For': '10.0.0.1' }), secret, timestamp * 1000 + 999);
    expect(Object.fromEntries(upstream)).toEqual({
      'x-client-ip': '203.0.113.7',
      'x-storefront-timestamp': String(timestamp),
      'x-storefront-signature': '655e1c1f71ecf0e5ed86c60b9adb480871dd4f55e8d3c9c8700604cbc8ba8ae7',
    });
  });

  it('sends nothing without a secret or without an address', async () => {
    const upstream = new Headers();
    await addSignedClientIp(upstream, new Headers({ 'CF-Connecting-IP': '203.0.113.7' }), undefined);
    await addSignedClientIp(upstream, new Headers({ 'X-Forwarded-For': '203.0.113.7' }), secret);
    expect([...upstream]).toEqual([]);
  });
});
