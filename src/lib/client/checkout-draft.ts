/**
 * What the shopper typed at checkout, kept in sessionStorage until the order is placed (issue 12 §5),
 * so a reload or a trip back to the cart loses nothing. sessionStorage, not localStorage: the draft
 * holds a name and an address, and should die with the tab. Keyed per store view (each store may
 * share an origin during development). Only the fields listed here are kept: the card number and
 * anything a payment provider adds to the form never are.
 */
import { formText } from './form-data.ts';

const addressFields = ['firstName', 'lastName', 'street', 'city', 'postcode', 'countryId', 'region', 'telephone'];
/** The shipping address's fields, the billing address's (named "billing.…"), the contact email and the shipping method. */
const draftFields: readonly string[] = ['email', ...addressFields, ...addressFields.map((name) => `billing.${name}`), 'shippingMethod'];

export interface CheckoutDraft {
  fields: Record<string, string>;
  /** The "Save this address" choice of a signed-in shopper. */
  saveAddress: boolean;
  /** "Billing address same as shipping". */
  billingSame: boolean;
}

export const draftKey = (storeCode: string) => `shop.checkoutDraft.${storeCode}`;

/** The kept fields of the checkout form (blank ones left out). */
export function draftFromForm(data: FormData): CheckoutDraft {
  const fields: CheckoutDraft['fields'] = {};
  for (const name of draftFields) {
    const value = formText(data, name);
    if (value !== '') fields[name] = value;
  }
  return { fields, saveAddress: data.get('saveAddress') !== null, billingSame: data.get('billingSame') !== null };
}

/** A draft read back; anything malformed (another version's, someone else's key) counts as none. */
export function parseDraft(raw: string | null): CheckoutDraft | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { fields, saveAddress, billingSame } = parsed as { fields?: unknown; saveAddress?: unknown; billingSame?: unknown };
  if (typeof fields !== 'object' || fields === null) return null;
  const kept: CheckoutDraft['fields'] = {};
  for (const name of draftFields) {
    const value = (fields as Record<string, unknown>)[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return { fields: kept, saveAddress: saveAddress !== false, billingSame: billingSame !== false };
}

/** The draft as form data, for the same reader (`addressFromForm`) the form's submit uses. */
export function draftAsFormData(draft: CheckoutDraft): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(draft.fields)) data.set(name, value);
  return data;
}

/**
 * The session's storage, or null where the browser refuses it (storage disabled, some private
 * modes): checkout then works as before, without the memory.
 */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch (error) {
    console.warn('Checkout cannot keep a draft: session storage is unavailable', error);
    return null;
  }
}

export function loadDraft(storeCode: string): CheckoutDraft | null {
  return parseDraft(storage()?.getItem(draftKey(storeCode)) ?? null);
}

export function saveDraft(storeCode: string, draft: CheckoutDraft): void {
  storage()?.setItem(draftKey(storeCode), JSON.stringify(draft));
}

export function clearDraft(storeCode: string): void {
  storage()?.removeItem(draftKey(storeCode));
}
