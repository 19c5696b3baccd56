/**
 * What the storefront's `/embed/products` answers (SPEC.md "Widget product record" and "Widget
 * config object", DECISIONS.md 32): the guest view of the asked products, cut to what a card on
 * another site needs, and the config the widget's cart and checkout run with. The storefront builds
 * it (src/lib/embed/); the widget (widget/) reads it with `import type` only, so none of zod reaches
 * its bundle.
 */
import { z } from 'zod';
import { bundleOptionSchema, configurableOptionSchema, gateFlagsSchema, giftcardTypes, productTypes, stockStatuses } from './product.ts';
import { gatedMoney } from './fields.ts';

export const widgetVariantSchema = z.object({
  sku: z.string(),
  /** attributeCode → valueIndex */
  attributes: z.record(z.string(), z.number().int()),
  price: gatedMoney,
  finalPrice: gatedMoney,
  stockStatus: z.enum(stockStatuses),
  /** Absolute: the card renders on another site. */
  imageUrl: z.string(),
});
export type WidgetVariant = z.infer<typeof widgetVariantSchema>;

/** A grouped product's member: what its row in the lightbox shows and the quantity it starts at. */
export const widgetGroupedMemberSchema = z.object({
  sku: z.string(),
  name: z.string(),
  finalPrice: gatedMoney,
  stockStatus: z.enum(stockStatuses),
  defaultQty: z.number(),
});
export type WidgetGroupedMember = z.infer<typeof widgetGroupedMemberSchema>;

/** A bundle option and its selections, in the merchant's order, without the catalog-only fields. */
export const widgetBundleOptionSchema = bundleOptionSchema.pick({ id: true, title: true, type: true, required: true }).extend({
  selections: z.array(z.object({ id: z.number().int(), name: z.string(), price: gatedMoney, defaultQty: z.number(), isDefault: z.boolean() })),
});
export type WidgetBundleOption = z.infer<typeof widgetBundleOptionSchema>;

export const widgetLinkSchema = z.object({ id: z.number().int(), title: z.string(), price: gatedMoney });
export type WidgetLink = z.infer<typeof widgetLinkSchema>;

/** A gift card's amounts: the fixed ones (null when withheld) and the open range when it allows one. */
export const widgetGiftcardSchema = z.object({
  type: z.enum(giftcardTypes),
  amounts: z.array(z.number()).nullable(),
  openAmount: z.object({ min: gatedMoney, max: gatedMoney }).nullable(),
});
export type WidgetGiftcard = z.infer<typeof widgetGiftcardSchema>;

export const widgetProductSchema = z.object({
  sku: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  price: gatedMoney,
  finalPrice: gatedMoney,
  imageUrl: z.string(),
  stockStatus: z.enum(stockStatuses),
  /** Where "sign in" and "view in store" send the shopper. */
  url: z.string(),
  /** A configurable's options and its variants (empty for other types). */
  configurableOptions: z.array(configurableOptionSchema),
  variants: z.array(widgetVariantSchema),
  /** The other composite types' choices, as the store's product page offers them (empty or null for other types). */
  groupedProducts: z.array(widgetGroupedMemberSchema),
  bundleOptions: z.array(widgetBundleOptionSchema),
  downloadableLinks: z.array(widgetLinkSchema),
  giftcard: widgetGiftcardSchema.nullable(),
  /** Absent when B2B Access did not annotate the product. */
  gateFlags: gateFlagsSchema.optional(),
  hiddenPriceMessage: z.string().optional(),
});
export type WidgetProduct = z.infer<typeof widgetProductSchema>;

export const widgetConfigSchema = z.object({
  currency: z.string(),
  defaultCountry: z.string(),
  /** The backend's default payment provider (DECISIONS.md 22). */
  paymentProvider: z.enum(['test', 'stripe']),
  /** The provider's public key; "" when the store has none configured. */
  paymentPublishableKey: z.string(),
  /** Address autocomplete key; null when the store has none configured. */
  mapsKey: z.string().nullable(),
  /** The visitor's country as the edge sees it (`request.cf.country`); "" when unknown. */
  detectedCountry: z.string(),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const embedProductsSchema = z.object({ products: z.array(widgetProductSchema), config: widgetConfigSchema });
export type EmbedProducts = z.infer<typeof embedProductsSchema>;
