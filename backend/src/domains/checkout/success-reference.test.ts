import { describe, expect, it } from 'vitest';
import { signSuccessReference, successReferenceTtlSeconds, verifySuccessReference } from './success-reference.ts';

const secret = new TextEncoder().encode('a-test-secret-a-test-secret-0123');

describe('order success reference', () => {
  it('names the order it was signed for until it expires', () => {
    const now = Date.UTC(2026, 0, 1);
    const reference = signSuccessReference(secret, 42, now);
    expect(verifySuccessReference(secret, reference, now)).toBe(42);
    expect(verifySuccessReference(secret, reference, now + (successReferenceTtlSeconds - 1) * 1000)).toBe(42);
    expect(verifySuccessReference(secret, reference, now + successReferenceTtlSeconds * 1000)).toBeNull();
  });

  it('refuses another secret, another order id, a moved expiry and junk', () => {
    const reference = signSuccessReference(secret, 42);
    const [, expires, sig] = reference.split('.');
    expect(verifySuccessReference(new TextEncoder().encode('another-secret-another-secret-01'), reference)).toBeNull();
    expect(verifySuccessReference(secret, `43.${expires}.${sig}`)).toBeNull();
    expect(verifySuccessReference(secret, `42.${Number(expires) + 3600}.${sig}`)).toBeNull();
    for (const junk of ['', '42', '999', '42.1.x', `42.${expires}.${sig}x`]) expect(verifySuccessReference(secret, junk)).toBeNull();
  });
});
