/**
 * What the add-to-cart island needs to know about a product, and how a filled-in buy form
 * becomes cart requests. Kept free of the DOM so it can be unit tested.
 */
import type { Product } from '../content/schemas.ts';

export interface VariantSummary {
  sku: string;
  attributes: Record<string, number>;
  price: number;
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
}

export function purchaseInfo(product: Product): PurchaseInfo {
  return {
    id: product.id,
    sku: product.sku,
    guestPrice: product.finalPrice ?? null,
    type: product.type,
    inStock: product.stockStatus === 'in_stock',
    optionCodes: (product.configurableOptions ?? []).map((option) => option.attributeCode),
    variants: (product.variants ?? []).map((variant) => ({
      sku: variant.sku,
      attributes: variant.attributes,
      price: variant.price,
      specialPrice: variant.specialPrice,
      inStock: variant.stockStatus === 'in_stock',
      imageUrl: variant.imageUrl,
    })),
    grouped: (product.groupedProducts ?? []).map((item) => ({ id: item.id, sku: item.sku })),
  };
}

/** The options chosen in the form (`options[color]` → value index); blanks are left out. */
export function chosenOptions(form: FormData, codes: string[]): Record<string, number> {
  const chosen: Record<string, number> = {};
  for (const code of codes) {
    const value = form.get(`options[${code}]`);
    if (typeof value === 'string' && value !== '') chosen[code] = Number(value);
  }
  return chosen;
}

/** The variant matching every chosen option, or null while the choice is incomplete. */
export function matchingVariant(info: PurchaseInfo, chosen: Record<string, number>): VariantSummary | null {
  if (info.optionCodes.some((code) => chosen[code] === undefined)) return null;
  return info.variants.find((variant) => info.optionCodes.every((code) => variant.attributes[code] === chosen[code])) ?? null;
}

export interface CartRequest {
  sku: string;
  qty: number;
  options?: Record<string, number>;
}

/**
 * The cart additions a submitted form asks for: one line for most types, one per member with a
 * quantity for a grouped product (the backend sells grouped members as simple products).
 */
export function cartRequests(info: PurchaseInfo, form: FormData): CartRequest[] {
  if (info.type === 'grouped') {
    return info.grouped
      .map((member) => ({ sku: member.sku, qty: Math.floor(Number(form.get(`grouped[${member.id}]`) ?? 0)) }))
      .filter((line) => Number.isFinite(line.qty) && line.qty > 0);
  }
  const qty = Math.max(1, Math.floor(Number(form.get('qty') ?? 1)) || 1);
  if (info.type === 'configurable') return [{ sku: info.sku, qty, options: chosenOptions(form, info.optionCodes) }];
  return [{ sku: info.sku, qty }];
}

/** The signed-in customer's price when it differs from the guest price on the page (DECISIONS.md 20). */
export function customerPriceDiffers(info: Pick<PurchaseInfo, 'guestPrice'>, customerPrice: number | null | undefined): boolean {
  return typeof customerPrice === 'number' && customerPrice !== info.guestPrice;
}
