/**
 * What the add-to-cart island needs to know about a product, and how a filled-in buy form
 * becomes cart requests. Kept free of the DOM so it can be unit tested.
 */
import type { AddCartItem } from '../client/types.ts';
import type { Product } from '../content/schemas.ts';
import { pricesHidden } from './price-display.ts';
import { productInStock } from './product-view.ts';
import { chosenBundle, chosenGiftcard, chosenGroupedQuantities, chosenLinks, missingChoice } from './purchase-choices.ts';
import type { PurchaseInfo, VariantSummary } from './purchase-info.ts';

export function purchaseInfo(product: Product): PurchaseInfo {
  // A gated product's prices stay off the page even if one slipped through the backend.
  const hidden = pricesHidden(product);
  const shown = (price: number | null) => (hidden ? null : price);
  return {
    id: product.id,
    sku: product.sku,
    guestPrice: shown(product.finalPrice),
    type: product.type,
    inStock: productInStock(product),
    optionCodes: (product.configurableOptions ?? []).map((option) => option.attributeCode),
    variants: (product.variants ?? []).map((variant) => ({
      sku: variant.sku,
      attributes: variant.attributes,
      price: shown(variant.price),
      specialPrice: shown(variant.specialPrice),
      inStock: variant.stockStatus === 'in_stock',
      imageUrl: variant.imageUrl,
    })),
    grouped: (product.groupedProducts ?? []).map((item) => ({ id: item.id, sku: item.sku })),
    bundle: (product.bundleOptions ?? []).map((option) => ({
      id: option.id,
      selections: option.selections.map((selection) => ({ id: selection.id, price: shown(selection.price), qty: selection.defaultQty })),
    })),
    links: (product.downloadableLinks ?? []).map((link) => ({ id: link.id, price: shown(link.price) })),
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

/**
 * The values of option `code` that an in-stock variant offers together with the other options
 * already chosen (a value chosen for `code` itself is ignored): the picker marks the rest sold out.
 */
export function availableValues(info: PurchaseInfo, chosen: Record<string, number>, code: string): Set<number> {
  const others = info.optionCodes.filter((other) => other !== code && chosen[other] !== undefined);
  const values = new Set<number>();
  for (const variant of info.variants) {
    const value = variant.attributes[code];
    if (variant.inStock && value !== undefined && others.every((other) => variant.attributes[other] === chosen[other])) values.add(value);
  }
  return values;
}

/**
 * The cart addition a submitted form asks for, with the choice of the product's type; null while a
 * choice is missing (see `missingChoice`). A grouped product is one request: the backend adds its
 * members together or not at all.
 */
export function cartRequest(info: PurchaseInfo, form: FormData): AddCartItem | null {
  if (missingChoice(info, form) !== null) return null;
  if (info.type === 'grouped') return { sku: info.sku, qty: 1, groupedQuantities: chosenGroupedQuantities(info, form) };
  const request = { sku: info.sku, qty: Math.max(1, Math.floor(Number(form.get('qty') ?? 1)) || 1) };
  switch (info.type) {
    case 'configurable':
      return { ...request, options: chosenOptions(form, info.optionCodes) };
    case 'bundle':
      return { ...request, bundleOptions: chosenBundle(info, form) };
    case 'downloadable':
      return { ...request, links: chosenLinks(form) };
    case 'giftcard':
      return { ...request, giftcard: chosenGiftcard(form) };
    default:
      return request;
  }
}

/** The signed-in customer's price when it differs from the guest price on the page (DECISIONS.md 20). */
export function customerPriceDiffers(info: Pick<PurchaseInfo, 'guestPrice'>, customerPrice: number | null | undefined): boolean {
  return typeof customerPrice === 'number' && customerPrice !== info.guestPrice;
}
