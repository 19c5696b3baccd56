/**
 * A checkout without a server session (DECISIONS.md 59): its id *is* its state (the cart it buys,
 * the buyer, the destination, the chosen shipping option), sealed under SESSION_SECRET so the worker
 * acts only on states it issued (http/sealed-value.ts). Every create and update answers a new id; the
 * newest one is the checkout. Signed, not encrypted: it holds only what its caller sent and their
 * cart id, which the caller already has. Nothing lands in KV.
 */
import { z } from 'zod';
import { sealer } from '../../http/sealed-value.ts';

export const addressState = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  street_address: z.string().trim().min(1).max(200),
  extended_address: z.string().trim().max(200).optional(),
  address_locality: z.string().trim().min(1).max(100),
  address_region: z.string().trim().max(100).optional(),
  postal_code: z.string().trim().min(1).max(20),
  address_country: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, e.g. US'),
  phone_number: z.string().trim().max(40).optional(),
});
export type AddressState = z.infer<typeof addressState>;

export const buyerState = z.object({
  email: z.email().max(254).optional(),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  phone_number: z.string().trim().max(40).optional(),
});
export type BuyerState = z.infer<typeof buyerState>;

const checkoutState = z.object({
  cart: z.string().min(1).max(64),
  buyer: buyerState.optional(),
  destination: addressState.optional(),
  option: z.string().min(1).max(64).optional(),
});
export type CheckoutState = z.infer<typeof checkoutState>;

const checkouts = sealer('mcp-checkout', checkoutState);

export function sealCheckout(secret: string, state: CheckoutState): Promise<string> {
  return checkouts.seal(secret, state);
}

export function openCheckout(secret: string, id: string): Promise<CheckoutState | null> {
  return id.length > 4096 ? Promise.resolve(null) : checkouts.open(secret, id);
}
