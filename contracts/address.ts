/**
 * Addresses: what the address book (`/customers/me/addresses`) takes and answers, and the address
 * an order is shipped and billed to (checkout takes it, the order carries it). The messages are
 * written for shoppers: the storefront's forms show them by the field.
 *
 * `addressInputSchema` (and `customerSchema`) carry no OpenAPI id here: the backend names them with
 * `openapiNamed`, whose `extend` documents the saved address as "AddressInput and more" (allOf).
 */
import { z } from 'zod';

const name = z.string().trim().min(1, 'Required.').max(100, 'At most 100 characters.');

export const addressInputSchema = z.object({
  firstName: name,
  lastName: name,
  company: z.string().max(200).nullish(),
  street: z.array(z.string().trim().min(1).max(200)).min(1).max(3),
  city: z.string().trim().min(1).max(100),
  region: z.string().max(100).nullish(),
  postcode: z.string().trim().min(1).max(20),
  countryId: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, e.g. US'),
  telephone: z.string().max(40).nullish(),
  isDefaultShipping: z.boolean().optional(),
  isDefaultBilling: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

/** The address of a checkout and of an order: an address-book entry without its defaults. */
export const checkoutAddressSchema = addressInputSchema.omit({ isDefaultBilling: true, isDefaultShipping: true }).meta({ id: 'CheckoutAddress' });
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** What a saved address adds to its input: its id, and every optional field present. */
export const savedAddressShape = {
  id: z.number().int(),
  company: z.string().nullable(),
  region: z.string().nullable(),
  telephone: z.string().nullable(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
};

/** An address-book entry as the backend answers it. */
export const savedAddressSchema = addressInputSchema.extend(savedAddressShape);
export type SavedAddress = z.infer<typeof savedAddressSchema>;
