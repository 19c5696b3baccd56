import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the order success page can show the order after it was placed. */
export const successReferenceTtlSeconds = 60 * 60;

function signature(secret: Uint8Array, orderId: number, expires: number): string {
  return createHmac('sha256', secret).update(`order-success\n${orderId}\n${expires}`).digest('base64url');
}

/**
 * The reference place-order hands to whoever placed the order (its cart or customer): the order id
 * and an expiry, signed with the backend's secret. It is the only way to read the order without
 * signing in, so the success page shows an order to its buyer and to nobody who guesses a number.
 */
export function signSuccessReference(secret: Uint8Array, orderId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + successReferenceTtlSeconds;
  return `${orderId}.${expires}.${signature(secret, orderId, expires)}`;
}

/** The order id of a well-signed, unexpired reference; null for anything else. */
export function verifySuccessReference(secret: Uint8Array, reference: string, now = Date.now()): number | null {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(reference);
  if (!match) return null;
  const [orderId, expires] = [Number(match[1]), Number(match[2])];
  const expected = Buffer.from(signature(secret, orderId, expires));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (expires * 1000 <= now) return null;
  return orderId;
}
