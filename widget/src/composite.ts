/**
 * What a grouped product's, a bundle's, a downloadable's or a gift card's choice in the lightbox
 * comes to: the fields of the cart addition, the price of one unit as the backend will charge it
 * (backend/src/domains/catalog/product-types/<type>/), and what is still to choose. Kept free of the
 * DOM so it can be unit tested; the forms are composite-choices.tsx.
 */
import type { CartAddition, WidgetProduct } from './types.ts';

export interface CompositeChoice {
  /** The type's fields of `POST /cart/items`. */
  addition: Pick<CartAddition, 'bundleOptions' | 'links' | 'giftcard' | 'groupedQuantities'>;
  /** One unit's price; null while nothing is chosen or when a part's price is withheld. */
  price: number | null;
  /** What the shopper must still choose, said as an instruction; null when the choice is complete. */
  missing: string | null;
}

/** `start` plus each part's price times its quantity, in cents; null when any price is withheld. */
function total(parts: Array<{ price: number | null; qty: number }>, start: number | null): number | null {
  if (start === null) return null;
  let cents = Math.round(start * 100);
  for (const { price, qty } of parts) {
    if (price === null) return null;
    cents += Math.round(price * 100) * qty;
  }
  return cents / 100;
}

/**
 * Selection ids per option id. Required options need one; in all at least one (a bundle is priced
 * as the sum of its selections). Each selection comes in its own quantity: the store's page offers
 * no quantity per selection either.
 */
export function bundleChoice(product: WidgetProduct, chosen: Record<string, number[]>): CompositeChoice {
  const picked = product.bundleOptions.flatMap((option) => option.selections.filter((selection) => chosen[option.id]?.includes(selection.id)));
  const required = product.bundleOptions.find((option) => option.required && !chosen[option.id]?.length);
  const missing = required ? `Choose ${required.title.toLowerCase()}.` : picked.length === 0 ? 'Choose at least one item for your bundle.' : null;
  const bundleOptions = Object.fromEntries(Object.entries(chosen).filter(([, ids]) => ids.length > 0));
  return { addition: { bundleOptions }, price: missing ? null : total(picked.map((s) => ({ price: s.price, qty: s.defaultQty })), 0), missing };
}

/** The selections an option starts with: its defaults (a required single choice: its first). */
export function defaultBundle(product: WidgetProduct): Record<string, number[]> {
  return Object.fromEntries(
    product.bundleOptions.map((option) => {
      const defaults = option.selections.filter((selection) => selection.isDefault).map((selection) => selection.id);
      const single = option.type === 'radio' || option.type === 'select';
      const first = option.required && single && option.selections[0] ? [option.selections[0].id] : [];
      return [String(option.id), defaults.length ? (single ? defaults.slice(0, 1) : defaults) : first];
    }),
  );
}

/** Quantity per member SKU; the members are added together, at their own prices. */
export function groupedChoice(product: WidgetProduct, quantities: Record<string, number>): CompositeChoice {
  const wanted = Object.fromEntries(Object.entries(quantities).filter(([, qty]) => qty > 0));
  const parts = product.groupedProducts.filter((member) => wanted[member.sku]).map((member) => ({ price: member.finalPrice, qty: wanted[member.sku]! }));
  const missing = parts.length === 0 ? 'Choose a quantity for at least one item.' : null;
  return { addition: { groupedQuantities: wanted }, price: missing ? null : total(parts, 0), missing };
}

/** The product's price plus each chosen link's; a product with links sells at least one. */
export function linksChoice(product: WidgetProduct, linkIds: number[]): CompositeChoice {
  const parts = product.downloadableLinks.filter((link) => linkIds.includes(link.id)).map((link) => ({ price: link.price, qty: 1 }));
  const missing = product.downloadableLinks.length > 0 && parts.length === 0 ? 'Choose at least one download.' : null;
  return { addition: { links: [...linkIds].sort((a, b) => a - b) }, price: missing ? null : total(parts, product.finalPrice), missing };
}

export interface GiftcardForm {
  /** The listed amount picked, or NaN. */
  listed: number;
  /** The amount typed into the open-amount field, or NaN (wins over the listed one, as on the store's page). */
  open: number;
  senderName: string;
  senderEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Amount one of the card's own, or in its open range in whole cents; cards sent by email need both addresses. */
export function giftcardChoice(product: WidgetProduct, form: GiftcardForm): CompositeChoice {
  const card = product.giftcard;
  const amount = Number.isFinite(form.open) ? form.open : form.listed;
  const range = card?.openAmount;
  const listed = card?.amounts?.includes(amount) ?? false;
  const inRange = !!range && range.min !== null && range.max !== null && amount >= range.min && amount <= range.max && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
  const byEmail = card?.type !== 'physical';
  const email = (value: string) => value.trim() === '' ? undefined : value.trim();
  const missing = !Number.isFinite(amount)
    ? 'Choose an amount.'
    : !listed && !inRange
      ? range?.min != null && range.max != null ? `Enter an amount between ${range.min} and ${range.max}.` : 'Choose one of the amounts.'
      : !form.recipientName.trim()
        ? "Enter the recipient's name."
        : byEmail && !EMAIL.test(form.recipientEmail.trim())
          ? "Enter the recipient's email."
          : !form.senderName.trim()
            ? 'Enter your name.'
            : byEmail && !EMAIL.test(form.senderEmail.trim())
              ? 'Enter your email.'
              : null;
  return {
    addition: {
      giftcard: {
        amount,
        senderName: form.senderName.trim(),
        senderEmail: email(form.senderEmail),
        recipientName: form.recipientName.trim(),
        recipientEmail: email(form.recipientEmail),
        ...(form.message.trim() ? { message: form.message.trim() } : {}),
      },
    },
    price: listed || inRange ? amount : null,
    missing,
  };
}
