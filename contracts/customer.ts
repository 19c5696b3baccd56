/** The customer account as `/customers/me` (and sign-up, and profile changes) answers it. */
import { z } from 'zod';
import { timestamp } from './fields.ts';

/** A shared view's name (DECISIONS.md 60, `pl-{hash}`): short, and safe in a cache key and a Cache-Tag. */
export const viewKeySchema = z.string().regex(/^[a-z0-9-]{1,64}$/);

export const approvalStatuses = ['pending', 'active', 'rejected'] as const;

/** No OpenAPI id here: the backend names it, so the admin's record documents as "Customer and more" (allOf). */
export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  groupId: z.number().int(),
  groupCode: z.string(),
  approvalStatus: z.enum(approvalStatuses).meta({
    description: 'Only active accounts get tokens; a new account may start pending when a module requires approval (DECISIONS.md 19, 45)',
  }),
  defaultShippingCountry: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The country of the default shipping address (null: none; in the account's own answers); B2B Access rules scoped to countries decide with it (DECISIONS.md 48)", example: "US" }),
  viewKey: viewKeySchema
    .nullable()
    .optional()
    .meta({
      description:
        "GET /customers/me only: the shared view this customer's prices come from when a module prices them apart from their group (B2B Pricing: `pl-{hash of their ordered price list codes}`, DECISIONS.md 60); null: their group's. The storefront keys cached signed-in pages by it.",
      example: 'pl-3f2a9c1d0b7e4a65',
    }),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Customer = z.infer<typeof customerSchema>;
