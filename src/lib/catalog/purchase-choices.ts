/**
 * How the type-specific parts of a filled-in buy form read: bundle selections, download links,
 * gift card details, grouped quantities; and the price the current choice comes to. The field
 * names are those the BuyBox components render. Kept free of the DOM so it can be unit tested.
 */
import { formText } from '../client/form-data.ts';
import type { GiftcardChoice } from '../client/types.ts';
import type { PurchaseInfo } from './purchase-info.ts';

const numbers = (values: FormDataEntryValue[]) =>
  values.flatMap((value) => (typeof value === 'string' && value !== '' && Number.isFinite(Number(value)) ? [Number(value)] : []));

/** Selection ids per bundle option: radios and selects name `bundle[id]`, checkboxes `bundle[id][]`. */
export function chosenBundle(info: PurchaseInfo, form: FormData): Record<string, number[]> {
  return Object.fromEntries(
    info.bundle.map((option) => [String(option.id), numbers([...form.getAll(`bundle[${option.id}]`), ...form.getAll(`bundle[${option.id}][]`)])]),
  );
}

export const chosenLinks = (form: FormData): number[] => numbers(form.getAll('links[]'));

/** An amount typed into the open-amount field wins over the listed amount picked. */
export function chosenGiftcard(form: FormData): GiftcardChoice {
  const [open] = numbers([formText(form, 'giftcard_open_amount')]);
  const [listed] = numbers(form.getAll('giftcard_amount'));
  const optional = (name: string) => formText(form, name) || undefined;
  return {
    amount: open ?? listed ?? 0,
    senderName: formText(form, 'giftcard_sender_name'),
    senderEmail: optional('giftcard_sender_email'),
    recipientName: formText(form, 'giftcard_recipient_name'),
    recipientEmail: optional('giftcard_recipient_email'),
    message: optional('giftcard_message'),
  };
}

/** Quantity per member SKU, members left at 0 left out. */
export function chosenGroupedQuantities(info: PurchaseInfo, form: FormData): Record<string, number> {
  const quantities: Record<string, number> = {};
  for (const member of info.grouped) {
    const qty = Math.floor(Number(form.get(`grouped[${member.id}]`) ?? 0));
    if (Number.isFinite(qty) && qty > 0) quantities[member.sku] = qty;
  }
  return quantities;
}

/**
 * What the shopper still has to choose before the form can be sent, or null: a bundle needs at least
 * one selection (it costs the sum of them, so none would be a bundle of nothing at 0), a grouped
 * product a quantity of at least one member. The backend refuses both too.
 */
export function missingChoice(info: PurchaseInfo, form: FormData): string | null {
  if (info.type === 'bundle' && Object.values(chosenBundle(info, form)).every((ids) => ids.length === 0)) return 'Choose at least one item for your bundle.';
  if (info.type === 'grouped' && Object.keys(chosenGroupedQuantities(info, form)).length === 0) return 'Choose a quantity for at least one item.';
  return null;
}

/**
 * What one unit of the current choice costs, as the backend will price it (bundle: the sum of the
 * selections; downloadable: the product plus the links), or null where the page's price stands,
 * nothing is chosen yet or a price of the choice is withheld.
 */
export function configuredPrice(info: PurchaseInfo, form: FormData): number | null {
  if (info.type === 'bundle') {
    if (missingChoice(info, form) !== null) return null;
    const chosen = chosenBundle(info, form);
    const parts = info.bundle.flatMap((option) =>
      option.selections.filter((selection) => chosen[String(option.id)]?.includes(selection.id)).map((selection) => ({ price: selection.price, qty: selection.qty })),
    );
    return sumOf(parts, 0);
  }
  if (info.type === 'downloadable' && info.guestPrice !== null) {
    const chosen = chosenLinks(form);
    return sumOf(info.links.filter((link) => chosen.includes(link.id)).map((link) => ({ price: link.price, qty: 1 })), info.guestPrice);
  }
  return null;
}

/** `start` plus every part's price times its quantity; null when any part's price is withheld. */
function sumOf(parts: Array<{ price: number | null; qty: number }>, start: number): number | null {
  let total = start;
  for (const { price, qty } of parts) {
    if (price === null) return null;
    total += price * qty;
  }
  return round(total);
}

const round = (amount: number) => Math.round(amount * 100) / 100;
