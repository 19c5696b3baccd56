import { z } from '@hono/zod-openapi';

/*
 * What a shopper chose for a bundle, a downloadable or a gift card, as kept on the cart line and
 * copied onto the order line: ids (not labels), so prices follow the catalog while the item sits in
 * the cart, and fulfilment (links to unlock, the card to email) reads it from the order.
 * Arrays are stored sorted, so the same choice is the same JSON and adds to the same line.
 */

export const BundleConfigurationSchema = z.object({
  type: z.literal('bundle'),
  selections: z.array(z.object({ optionId: z.number().int(), selectionId: z.number().int(), qty: z.number().int() })),
});

export const DownloadableConfigurationSchema = z.object({
  type: z.literal('downloadable'),
  linkIds: z.array(z.number().int()),
});

export const GiftcardConfigurationSchema = z.object({
  type: z.literal('giftcard'),
  amount: z.number(),
  senderName: z.string(),
  senderEmail: z.string().nullable(),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
});

export const LineConfigurationSchema = z
  .discriminatedUnion('type', [BundleConfigurationSchema, DownloadableConfigurationSchema, GiftcardConfigurationSchema])
  .openapi('LineConfiguration', { description: 'The bundle selections, download links or gift card details chosen for the line.' });

export type LineConfiguration = z.infer<typeof LineConfigurationSchema>;
export type BundleConfiguration = z.infer<typeof BundleConfigurationSchema>;
export type DownloadableConfiguration = z.infer<typeof DownloadableConfigurationSchema>;
export type GiftcardConfiguration = z.infer<typeof GiftcardConfigurationSchema>;
