import { z } from '@hono/zod-openapi';
import { LineConfigurationSchema } from './configuration.ts';

export const CartLineSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    sku: z.string(),
    name: z.string(),
    parentSku: z.string().nullable(),
    urlKey: z.string().openapi({ description: "URL key of the product's page (the configurable's for a variant)." }),
    imageUrl: z.string().openapi({ description: 'Root-relative thumbnail: the variant\'s image, else its configurable\'s, else a placeholder.' }),
    options: z.record(z.string(), z.string()).openapi({ description: 'What was chosen, as labels to print: configurable options, bundle selections, downloads, gift card details.' }),
    configuration: LineConfigurationSchema.nullable(),
    qty: z.number().int(),
    price: z.number(),
    rowTotal: z.number(),
    available: z.number().int(),
    complete: z.boolean().openapi({
      description: 'False when a chosen bundle selection or download link is no longer sold: the line cannot be ordered as it is (remove it and add the product again).',
    }),
  })
  .openapi('CartLine');

export const CartSchema = z
  .object({
    id: z.number().int().nullable().openapi({ description: 'null until the first item is added' }),
    currency: z.string(),
    items: z.array(CartLineSchema),
    itemsQty: z.number().int(),
    subtotal: z.number(),
  })
  .openapi('Cart');

export const CartHeaders = z.object({
  'x-cart-token': z.string().optional().openapi({ description: 'Guest cart token from an earlier cart answer (ignored with a customer token).' }),
});

const id = z.number().int().min(1).max(2_147_483_647);
const Name = z.string().trim().min(1).max(100);
const Email = z.email().max(254);

export const GiftcardChoiceSchema = z
  .object({
    amount: z.number().positive().max(1_000_000).openapi({ description: 'One of the product\'s amounts, or within its open-amount range.', example: 50 }),
    senderName: Name,
    senderEmail: Email.optional().openapi({ description: 'Required for virtual and combined cards (sent by email).' }),
    recipientName: Name,
    recipientEmail: Email.optional().openapi({ description: 'Required for virtual and combined cards (sent by email).' }),
    message: z.string().trim().max(500).optional(),
  })
  .openapi('GiftcardChoice');

export const AddItemSchema = z
  .object({
    sku: z.string().min(1),
    qty: z.number().int().min(1).max(10_000).openapi({ description: 'For a grouped product: how many times the chosen quantities are added.' }),
    options: z
      .record(z.string(), z.union([z.string(), z.number().int()]))
      .optional()
      .openapi({ description: 'Configurable: options by attribute code, value index or label.', example: { color: 'Navy', size: 3 } }),
    bundleOptions: z
      .record(z.string().regex(/^\d{1,10}$/, 'a bundle option id'), z.array(id).max(50))
      .optional()
      .openapi({ description: 'Bundle: the selection ids chosen per bundle option id. At least one in all; required options need one; radio and select options take one.', example: { '12': [40], '13': [42, 43] } }),
    links: z
      .array(id)
      .max(50)
      .optional()
      .openapi({ description: 'Downloadable: the link ids bought, each adding its price. Omitted: the links included in the price (those priced 0).' }),
    giftcard: GiftcardChoiceSchema.optional().openapi({ description: 'Gift card: amount, sender, recipient and message.' }),
    groupedQuantities: z
      .record(z.string().min(1), z.number().int().min(0).max(10_000))
      .optional()
      .openapi({ description: 'Grouped: quantity per member SKU; the members are added together or not at all.', example: { 'MEMBER-1': 2, 'MEMBER-2': 1 } }),
  })
  .openapi('AddCartItem');

export type AddItemInput = z.infer<typeof AddItemSchema>;

export const UpdateItemSchema = z.object({ qty: z.number().int().min(1).max(10_000) }).openapi('UpdateCartItem');

export const ItemIdParam = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});
