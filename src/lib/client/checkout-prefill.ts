/**
 * Where the checkout form starts (issue 12 §5), most specific first: what the shopper typed this
 * session (the draft), else a signed-in customer's default shipping address (or first saved one)
 * and default billing address, else at least the customer's name; the email is the draft's, else
 * the account's. Billing is "same as shipping" unless the draft or the account says otherwise.
 */
import { addressFromForm } from './checkout-form.ts';
import { draftAsFormData, type CheckoutDraft } from './checkout-draft.ts';
import type { Address, Customer, SavedAddress } from './types.ts';

export interface CheckoutStart {
  email: string;
  /** Values for the shipping address fields; null leaves them blank. */
  address: Address | null;
  /** The saved address the shipping fields show, if any (the picker selects it). */
  chosenId: number | null;
  billingSame: boolean;
  /** Values for the billing address fields when they differ from shipping. */
  billing: Address | null;
}

export interface Account {
  customer: Customer;
  addresses: SavedAddress[];
}

const personalFields = ['firstName', 'lastName', 'street', 'city', 'postcode', 'region', 'telephone'];

function draftHolds(draft: CheckoutDraft, prefix: string): boolean {
  return personalFields.some((name) => draft.fields[`${prefix}${name}`] !== undefined);
}

export function checkoutStart(draft: CheckoutDraft | null, account: Account | null, countryIds: readonly string[]): CheckoutStart {
  const email = draft?.fields.email ?? account?.customer.email ?? '';
  if (draft && draftHolds(draft, '')) {
    const data = draftAsFormData(draft);
    const billing = draftHolds(draft, 'billing.') ? addressFromForm(data, 'billing.') : null;
    return { email, address: addressFromForm(data), chosenId: null, billingSame: draft.billingSame, billing };
  }
  if (!account) return { email, address: null, chosenId: null, billingSame: true, billing: null };
  const allowed = account.addresses.filter((address) => countryIds.includes(address.countryId));
  const preferred = allowed.find((address) => address.isDefaultShipping) ?? allowed[0];
  const billing = allowed.find((address) => address.isDefaultBilling && address.id !== preferred?.id) ?? null;
  const billingSame = billing === null;
  if (preferred) return { email, address: preferred, chosenId: preferred.id, billingSame, billing };
  const { firstName, lastName } = account.customer;
  const named = { firstName, lastName, street: [''], city: '', postcode: '', countryId: '', region: null, telephone: null };
  return { email, address: named, chosenId: null, billingSame, billing };
}
