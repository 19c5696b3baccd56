/**
 * What a shopper chose for a bundle, a downloadable or a gift card, as kept on the cart line and
 * copied onto the order line: ids (not labels), so prices follow the catalog while the item sits in
 * the cart, and fulfilment (links to unlock, the card to email) reads it from the order.
 * Arrays are stored sorted, so the same choice is the same JSON and adds to the same line.
 */
import { z } from 'zod';

export const bundleConfigurationSchema = z.object({
  type: z.literal('bundle'),
  selections: z.array(z.object({ optionId: z.number().int(), selectionId: z.number().int(), qty: z.number().int() })),
});
export type BundleConfiguration = z.infer<typeof bundleConfigurationSchema>;

export const downloadableConfigurationSchema = z.object({
  type: z.literal('downloadable'),
  linkIds: z.array(z.number().int()),
});
export type DownloadableConfiguration = z.infer<typeof downloadableConfigurationSchema>;

export const giftcardConfigurationSchema = z.object({
  type: z.literal('giftcard'),
  amount: z.number(),
  senderName: z.string(),
  senderEmail: z.string().nullable(),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
});
export type GiftcardConfiguration = z.infer<typeof giftcardConfigurationSchema>;

export const lineConfigurationSchema = z
  .discriminatedUnion('type', [bundleConfigurationSchema, downloadableConfigurationSchema, giftcardConfigurationSchema])
  .meta({ id: 'LineConfiguration', description: 'The bundle selections, download links or gift card details chosen for the line.' });
export type LineConfiguration = z.infer<typeof lineConfigurationSchema>;
