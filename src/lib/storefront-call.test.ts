import { describe, expect, it } from 'vitest';
import { markStorefrontCall, signStorefrontCall } from './storefront-call.ts';

const secret = 'test-proxy-secret-0123456789abcdef-0123';
const timestamp = 1_767_225_600;
const vector = `${timestamp}.f7e15f506f2655fd633fb6ced0805d97516ded089138b07a772b6a2c996f93cc`;

describe("the storefront's own call marker", () => {
  // The same vector is checked by the backend's node:crypto verifier (backend/src/platform/http/storefront-call.test.ts).
  it('signs its own label and the timestamp with HMAC-SHA256 (hex)', async () => {
    expect(await signStorefrontCall(secret, timestamp)).toBe(vector);
  });

  it('sets the header with a secret, nothing without', async () => {
    const marked = new Headers();
    await markStorefrontCall(marked, secret, timestamp * 1000 + 999);
    expect(Object.fromEntries(marked)).toEqual({ 'x-storefront-call': vector });
    const unmarked = new Headers();
    await markStorefrontCall(unmarked, undefined);
    expect([...unmarked]).toEqual([]);
  });
});
