/**
 * What `POST /cart/items` takes: the product and the choice its type needs. The backend validates
 * with this schema; the storefront's add-to-cart and the widget build their bodies to its type.
 */
import { z } from 'zod';

const id = z.number().int().min(1).max(2_147_483_647);
const name = z.string().trim().min(1).max(100);
const email = z.email().max(254);

export const giftcardChoiceSchema = z
  .object({
    amount: z.number().positive().max(1_000_000).meta({ description: 'One of the product\'s amounts, or within its open-amount range.', example: 50 }),
    senderName: name,
    senderEmail: email.optional().meta({ description: 'Required for virtual and combined cards (sent by email).' }),
    recipientName: name,
    recipientEmail: email.optional().meta({ description: 'Required for virtual and combined cards (sent by email).' }),
    message: z.string().trim().max(500).optional(),
  })
  .meta({ id: 'GiftcardChoice', description: 'Gift card: amount, sender, recipient and message.' });
export type GiftcardChoice = z.infer<typeof giftcardChoiceSchema>;

export const addCartItemSchema = z
  .object({
    sku: z.string().min(1),
    qty: z.number().int().min(1).max(10_000).meta({ description: 'For a grouped product: how many times the chosen quantities are added.' }),
    options: z
      .record(z.string(), z.union([z.string(), z.number().int()]))
      .optional()
      .meta({ description: 'Configurable: options by attribute code, value index or label.', example: { color: 'Navy', size: 3 } }),
    bundleOptions: z
      .record(z.string().regex(/^\d{1,10}$/, 'a bundle option id'), z.array(id).max(50))
      .optional()
      .meta({ description: 'Bundle: the selection ids chosen per bundle option id. At least one in all; required options need one; radio and select options take one.', example: { '12': [40], '13': [42, 43] } }),
    links: z
      .array(id)
      .max(50)
      .optional()
      .meta({ description: 'Downloadable: the link ids bought, each adding its price. Omitted: the links included in the price (those priced 0).' }),
    // The description is the record's own (above): one on this field would make the OpenAPI
    // generator inline the record here instead of referring to GiftcardChoice.
    giftcard: giftcardChoiceSchema.optional(),
    groupedQuantities: z
      .record(z.string().min(1), z.number().int().min(0).max(10_000))
      .optional()
      .meta({ description: 'Grouped: quantity per member SKU; the members are added together or not at all.', example: { 'MEMBER-1': 2, 'MEMBER-2': 1 } }),
  })
  .meta({ id: 'AddCartItem' });
export type AddCartItem = z.infer<typeof addCartItemSchema>;
