/**
 * Where the checkout form starts (issue 12 §5), most specific first: what the shopper typed this
 * session (the draft), else a signed-in customer's default shipping address (or first saved one),
 * else at least the customer's name; the email is the draft's, else the account's.
 */
import { addressFromForm } from './checkout-form.ts';
import { draftAsFormData, type CheckoutDraft } from './checkout-draft.ts';
import type { Address, Customer, SavedAddress } from './types.ts';

export interface CheckoutStart {
  email: string;
  /** Values for the address fields; null leaves them blank. */
  address: Address | null;
  /** The saved address the fields show, if any (the picker selects it). */
  chosenId: number | null;
}

export interface Account {
  customer: Customer;
  addresses: SavedAddress[];
}

const addressFieldsOfDraft = ['firstName', 'lastName', 'street', 'city', 'postcode', 'region', 'telephone'] as const;

export function checkoutStart(draft: CheckoutDraft | null, account: Account | null, countryIds: readonly string[]): CheckoutStart {
  const email = draft?.fields.email ?? account?.customer.email ?? '';
  if (draft && addressFieldsOfDraft.some((name) => draft.fields[name] !== undefined)) {
    return { email, address: addressFromForm(draftAsFormData(draft)), chosenId: null };
  }
  if (!account) return { email, address: null, chosenId: null };
  const shippable = account.addresses.filter((address) => countryIds.includes(address.countryId));
  const preferred = shippable.find((address) => address.isDefaultShipping) ?? shippable[0];
  if (preferred) return { email, address: preferred, chosenId: preferred.id };
  const { firstName, lastName } = account.customer;
  return { email, address: { firstName, lastName, street: [''], city: '', postcode: '', countryId: '', region: null, telephone: null }, chosenId: null };
}
