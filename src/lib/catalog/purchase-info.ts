// The island's view of a product, in a file of its own: purchase.ts builds it and calls the choices in
// purchase-choices.ts, which read it, so defining it in purchase.ts closed a type cycle.
import type { Product } from '../content/schemas.ts';

/** Prices here are null where withheld from the caller (DECISIONS.md 30): the island then shows none. */
export interface VariantSummary {
  sku: string;
  attributes: Record<string, number>;
  price: number | null;
  specialPrice: number | null;
  inStock: boolean;
  imageUrl: string;
}

export interface PurchaseInfo {
  id: number;
  sku: string;
  /** The guest price the page shows (null when withheld), to tell whether a customer's differs. */
  guestPrice: number | null;
  type: Product['type'];
  inStock: boolean;
  optionCodes: string[];
  variants: VariantSummary[];
  grouped: Array<{ id: number; sku: string }>;
  /** Bundle options with their selections' prices and quantities, to price the choice. */
  bundle: Array<{ id: number; selections: Array<{ id: number; price: number | null; qty: number }> }>;
  links: Array<{ id: number; price: number | null }>;
}
