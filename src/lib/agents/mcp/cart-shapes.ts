/**
 * The backend's cart as a UCP cart (ucp.dev "Cart": id, line items with item, quantity and totals,
 * currency, totals, continue_url). Amounts in minor units. Pure.
 */
import { z } from 'zod';
import { withHandedCart } from '../../cart-handoff.ts';
import { absoluteUrl } from '../public-origin.ts';
import { minorUnits } from './money.ts';

/** The part of the backend's `Cart` answer the tools use (backend/src/domains/carts/schemas.ts). */
export const backendCartSchema = z.object({
  currency: z.string(),
  subtotal: z.number(),
  items: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      parentSku: z.string().nullable(),
      imageUrl: z.string(),
      options: z.record(z.string(), z.string()),
      qty: z.number().int(),
      price: z.number(),
      rowTotal: z.number(),
      complete: z.boolean(),
    }),
  ),
});
export type BackendCart = z.infer<typeof backendCartSchema>;

export interface UcpTotal {
  type: string;
  amount: number;
  display_text?: string;
}

export interface UcpLineItem {
  id: string;
  item: { id: string; title: string; price: number; image_url?: string };
  quantity: number;
  /** What was chosen (a configurable's options), as labels: the shop's addition to UCP's line. */
  options: Record<string, string>;
  totals: UcpTotal[];
}

export function ucpLineItems(cart: BackendCart, origin: string): UcpLineItem[] {
  return cart.items.map((line) => ({
    id: String(line.id),
    item: {
      id: line.parentSku ?? line.sku,
      title: line.name,
      price: minorUnits(line.price),
      ...(line.imageUrl ? { image_url: absoluteUrl(origin, line.imageUrl) } : {}),
    },
    quantity: line.qty,
    options: line.options,
    totals: [{ type: 'subtotal', amount: minorUnits(line.rowTotal) }],
  }));
}

/**
 * `token` is the guest cart's token (the id the agent holds), undefined for a customer's account
 * cart: a guest cart travels in continue_url so the person who follows it sees the agent's lines,
 * copied into a cart of their own (cart-handoff.ts); the account cart is reached by signing in.
 */
export function ucpCart(id: string, token: string | undefined, cart: BackendCart, origin: string) {
  const incomplete = cart.items.filter((line) => !line.complete);
  return {
    id,
    currency: cart.currency,
    line_items: ucpLineItems(cart, origin),
    totals: [
      { type: 'subtotal', amount: minorUnits(cart.subtotal) },
      { type: 'total', amount: minorUnits(cart.subtotal), display_text: 'Before shipping' },
    ],
    continue_url: token ? withHandedCart(absoluteUrl(origin, '/cart'), token) : absoluteUrl(origin, '/cart'),
    ...(incomplete.length > 0
      ? { messages: incomplete.map((line) => ({ type: 'warning' as const, code: 'line_incomplete', content: `${line.name} can no longer be ordered as chosen; remove it and add it again.` })) }
      : {}),
  };
}
