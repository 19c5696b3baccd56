import { hashCartToken, type CartOwner } from '../carts/identity.ts';

/** Whose retries an Idempotency-Key belongs to: keys of different shoppers never collide. */
export function ownerKeyOf(owner: CartOwner): string {
  return 'customerId' in owner ? `customer:${owner.customerId}` : `guest:${hashCartToken(owner.guestToken)}`;
}
