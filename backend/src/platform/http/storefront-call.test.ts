import { describe, expect, it } from 'vitest';
import { signClientIp } from './client-ip.ts';
import { isStorefrontCall, signStorefrontCall } from './storefront-call.ts';

const secret = 'test-proxy-secret-0123456789abcdef-0123';
const timestamp = 1_767_225_600;
const at = (seconds: number) => (timestamp + seconds) * 1000;
const vector = `${timestamp}.f7e15f506f2655fd633fb6ced0805d97516ded089138b07a772b6a2c996f93cc`;

describe("the storefront's own call signature", () => {
  // The same vector is checked by the storefront's Web Crypto signer (src/lib/storefront-call.test.ts).
  it('signs its own label and the timestamp with HMAC-SHA256', () => {
    expect(signStorefrontCall(secret, timestamp)).toBe(vector);
  });

  it('accepts a fresh, valid value for 60 seconds', () => {
    expect(isStorefrontCall(vector, secret, at(0))).toBe(true);
    expect(isStorefrontCall(vector.toUpperCase(), secret, at(59))).toBe(true);
    expect(isStorefrontCall(vector, secret, at(60))).toBe(false);
    expect(isStorefrontCall(vector, secret, at(-11))).toBe(false);
  });

  it("refuses what a visitor's request could carry: nothing, garbage, another secret, the IP signature", () => {
    const ipSignature = signClientIp(secret, '203.0.113.7', timestamp);
    for (const value of [undefined, '', 'yes', `${timestamp}.${'0'.repeat(64)}`, `${timestamp}.${ipSignature}`, signStorefrontCall(`${secret}-other`, timestamp), `${timestamp + 1}.${vector.split('.')[1]}`, `${vector}0`]) {
      expect(isStorefrontCall(value, secret, at(0))).toBe(false);
    }
  });
});
