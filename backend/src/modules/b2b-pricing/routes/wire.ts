import { z } from '@hono/zod-openapi';
import { PagingQuery } from '../../../platform/http/schemas.ts';

/**
 * Wire shapes of the admin API (DECISIONS.md 60), validated at the route (400 `invalid_request` naming
 * each field) and documented in the OpenAPI document. What needs the database (ids that exist, a
 * code or buyer taken) the services check, naming the field the same way.
 */

const maxInt = 2_147_483_647;

/**
 * A number in words a person reads (the admin pages show these beside their fields): `missing` when
 * none was given (or a form's field was left blank), "Not a number." for anything else.
 */
const aNumber = (missing = 'Give a number.') => z.number({ error: (issue) => (issue.input === undefined || issue.input === '' ? missing : 'Not a number.') });
const whole = (min: number, max: number, missing?: string) =>
  aNumber(missing).int('A whole number.').min(min, `At least ${min}.`).max(max, `At most ${max.toLocaleString('en-US')}.`);
export const RecordId = z.coerce
  .number()
  .int()
  .min(1)
  .max(maxInt)
  .openapi({ param: { name: 'id', in: 'path' }, example: 1 });
const id = whole(1, maxInt);
/** Customer group ids; 0 is NOT LOGGED IN (guests), which has no price lists: a guest's price is the catalog's. */
const groupId = whole(1, maxInt);

/** Amounts in the store's currency with at most two decimals (what the catalog stores). */
const amountOf = (missing?: string) =>
  aNumber(missing)
    .min(0, 'At least 0.')
    .max(999_999_999, 'At most 999,999,999.')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'At most two decimals.');
const quantityOf = (missing?: string) => whole(1, 1_000_000, missing);
const quantity = quantityOf();

/** No id may appear twice in one list (the order of the list is what it says). */
const distinctIds = z
  .array(id)
  .max(100, 'At most 100 price lists.')
  .refine((ids) => new Set(ids).size === ids.length, 'Each price list once.');

const bothTerms = 'Give both net days and a credit limit, or neither.';
const PaymentTerms = z
  .object({
    netDays: whole(0, 365, bothTerms).openapi({ description: 'Days after the order the amount is due.' }),
    creditLimit: amountOf(bothTerms).openapi({ description: 'Most the company may owe on open purchase orders.' }),
  })
  .strict()
  .openapi('B2bPricingPaymentTerms');

export const BuyerRole = z.enum(['admin', 'buyer'], 'A buyer or an admin.').openapi({ description: 'admin: manages the company\'s buyers (storefront pages to come); buyer: buys.' });
const Buyer = z
  .object({ customerId: id, role: BuyerRole })
  .strict()
  .openapi('B2bPricingBuyer');

const companyFields = {
  name: z.string().trim().min(1, 'Give the company a name.').max(200, 'At most 200 characters.'),
  customerGroupId: groupId.nullable().openapi({ description: 'The group whose price lists the buyers get after the company\'s own; null: each buyer\'s own group.' }),
  priceListIds: distinctIds.openapi({ description: 'The company\'s price lists, in the order they apply (before any group\'s).' }),
  paymentTerms: PaymentTerms.nullable().openapi({ description: 'Net days and credit limit for purchase orders; null: no terms.' }),
  buyers: z
    .array(Buyer)
    .max(1000, 'At most 1000 buyers.')
    .refine((buyers) => new Set(buyers.map((b) => b.customerId)).size === buyers.length, 'Each customer once.')
    .openapi({ description: 'An account buys for one company at most.' }),
};

export const CompanyInput = z
  .object({
    name: companyFields.name,
    customerGroupId: companyFields.customerGroupId.default(null),
    priceListIds: companyFields.priceListIds.default([]),
    paymentTerms: companyFields.paymentTerms.default(null),
    buyers: companyFields.buyers.default([]),
  })
  .strict()
  .openapi('B2bPricingCompanyInput');
export type CompanyInput = z.infer<typeof CompanyInput>;

export const CompanyPatch = z.object(companyFields).partial().strict().openapi('B2bPricingCompanyPatch', { description: 'Only the fields sent change; arrays replace.' });
export type CompanyPatch = z.infer<typeof CompanyPatch>;

export const CompanyView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    customerGroupId: z.number().int().nullable(),
    priceListIds: z.array(z.number().int()),
    paymentTerms: z.object({ netDays: z.number().int(), creditLimit: z.number() }).nullable(),
    buyers: z.array(z.object({ customerId: z.number().int(), role: z.enum(['admin', 'buyer']) })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('B2bPricingCompany');
export type CompanyView = z.infer<typeof CompanyView>;

const Tier = z.object({ minQty: quantityOf('Give the quantity this price starts at.'), price: amountOf('Give the price each from this quantity.') }).strict().openapi('B2bPricingTier');

/**
 * A list's line for one SKU. Quantity rules (all optional): at least `minQty`, at most `maxQty`, and a
 * multiple of `increment` (a case of 6 sells 6, 12, 18…; so a `minQty` must be a multiple of it too).
 */
export const Item = z
  .object({
    sku: z.string().trim().min(1, 'Give the SKU.').max(64, 'At most 64 characters.'),
    tiers: z
      .array(Tier)
      .min(1, 'Give at least one tier.')
      .max(50, 'At most 50 tiers.')
      .refine((tiers) => new Set(tiers.map((t) => t.minQty)).size === tiers.length, 'Each minQty once.'),
    minQty: quantity.optional(),
    maxQty: quantity.optional(),
    increment: quantity.optional(),
  })
  .strict()
  .superRefine((item, issue) => {
    if (item.minQty !== undefined && item.maxQty !== undefined && item.maxQty < item.minQty) issue.addIssue({ code: 'custom', path: ['maxQty'], message: 'Must be at least minQty.' });
    if (item.increment !== undefined && item.minQty !== undefined && item.minQty % item.increment !== 0) issue.addIssue({ code: 'custom', path: ['minQty'], message: 'Must be a multiple of increment.' });
    if (item.increment !== undefined && item.maxQty !== undefined && item.maxQty % item.increment !== 0) issue.addIssue({ code: 'custom', path: ['maxQty'], message: 'Must be a multiple of increment.' });
  })
  .openapi('B2bPricingItem', { description: 'A SKU\'s quantity breaks and rules. A SKU no product has yet is kept (lists are often imported before the products) and applies once the product exists.' });
export type ItemInput = z.infer<typeof Item>;

const storeCode = z.string().trim().regex(/^[a-z0-9_]{1,32}$/, 'A store code: lower-case letters, digits and "_".');

const priceListFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'Letters, digits, "-" and "_", up to 64.')
    .openapi({ description: 'Unique; names the list on product records (extensions.b2bPricing.priceList).', example: 'harbour-cafes' }),
  name: z.string().trim().min(1, 'Give the list a name.').max(200, 'At most 200 characters.'),
  storeCodes: z
    .array(storeCode)
    .min(1, 'Name at least one store view, or none for all of them.')
    .max(50, 'At most 50 store views.')
    .nullable()
    .openapi({ description: 'The store views the list applies in; null: all of them.' }),
  items: z
    .array(Item)
    .max(20_000, 'At most 20,000 items.')
    .superRefine((items, issue) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.sku)) issue.addIssue({ code: 'custom', path: [index, 'sku'], message: 'Each SKU once in a list.' });
        seen.add(item.sku);
      });
    }),
};

export const PriceListInput = z
  .object({ code: priceListFields.code, name: priceListFields.name, storeCodes: priceListFields.storeCodes.default(null), items: priceListFields.items.default([]) })
  .strict()
  .openapi('B2bPricingPriceListInput');
export type PriceListInput = z.infer<typeof PriceListInput>;

export const PriceListPatch = z.object(priceListFields).partial().strict().openapi('B2bPricingPriceListPatch', { description: 'Only the fields sent change; `items` replaces every item.' });
export type PriceListPatch = z.infer<typeof PriceListPatch>;

const ItemView = z.object({
  sku: z.string(),
  tiers: z.array(z.object({ minQty: z.number().int(), price: z.number() })),
  minQty: z.number().int().optional(),
  maxQty: z.number().int().optional(),
  increment: z.number().int().optional(),
});
export type ItemView = z.infer<typeof ItemView>;

export const PriceListView = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    storeCodes: z.array(z.string()).nullable(),
    items: z.array(ItemView),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('B2bPricingPriceList');
export type PriceListView = z.infer<typeof PriceListView>;

export const PriceListSummary = PriceListView.omit({ items: true })
  .extend({ itemCount: z.number().int() })
  .openapi('B2bPricingPriceListSummary', { description: 'A list without its items (a list may hold thousands): read one by id for them.' });
export type PriceListSummary = z.infer<typeof PriceListSummary>;

export const GroupAssignment = z
  .object({ customerGroupId: groupId, priceListIds: distinctIds.openapi({ description: 'The group\'s lists in the order they apply; empty: none.' }) })
  .strict()
  .openapi('B2bPricingGroupAssignment');
export type GroupAssignment = z.infer<typeof GroupAssignment>;

export const ListQuery = PagingQuery.extend({
  search: z.string().max(200).optional().openapi({ description: 'Part of the name (or a price list\'s code).' }),
});

export const IfMatch = z.object({ 'if-match': z.string().max(200).optional().openapi({ description: 'The ETag you loaded; a stale one answers 412 and changes nothing.' }) });
