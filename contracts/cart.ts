/**
 * The cart: what `/cart` and every cart change answer (the backend's `loadCartView`), what the
 * storefront's cart island and the widget's cart read. Prices are the caller's own: a product whose
 * price B2B Access hides from the caller never gets into the cart (DECISIONS.md 61).
 */
import { z } from 'zod';
import { lineConfigurationSchema } from './line-configuration.ts';

export const cartLineSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    sku: z.string(),
    name: z.string(),
    /** The configurable the line was picked from, if any. */
    parentSku: z.string().nullable(),
    urlKey: z.string().meta({ description: "URL key of the product's page (the configurable's for a variant)." }),
    imageUrl: z.string().meta({ description: 'Root-relative thumbnail: the variant\'s image, else its configurable\'s, else a placeholder.' }),
    // Labels, e.g. {"color": "Navy"} for a configurable, {"To": "Ann"} for a gift card.
    options: z.record(z.string(), z.string()).meta({ description: 'What was chosen, as labels to print: configurable options, bundle selections, downloads, gift card details.' }),
    configuration: lineConfigurationSchema.nullable(),
    qty: z.number().int(),
    price: z.number(),
    rowTotal: z.number(),
    /** Units in stock now: checkout refuses more than this. */
    available: z.number().int(),
    complete: z.boolean().meta({
      description: 'False when a chosen bundle selection or download link is no longer sold: the line cannot be ordered as it is (remove it and add the product again).',
    }),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z
  .object({
    id: z.number().int().nullable().meta({ description: 'null until the first item is added' }),
    currency: z.string(),
    items: z.array(cartLineSchema),
    itemsQty: z.number().int(),
    subtotal: z.number(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;
