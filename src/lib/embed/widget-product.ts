/**
 * The widget's product record (SPEC.md "Widget product record", DECISIONS.md 32) from a synced
 * product, which is the guest view: withheld prices stay null and the B2B flags ride along, so the
 * card shows the message instead of a price. Image URLs become absolute, since the card renders on
 * another site. Bundles, grouped products, downloads and gift cards carry what the lightbox needs to
 * offer their choices as the store's page does (the guest view: nothing of one caller).
 */
import type { WidgetProduct } from '../../../contracts/widget-product.ts';
import { sortedBundleOptions, sortedDownloadableLinks } from '../catalog/product-view.ts';
import type { Product } from '../content/schemas.ts';

export type { WidgetProduct };

export function widgetProduct(product: Product, origin: string): WidgetProduct {
  const absolute = (path: string) => new URL(path, `${origin}/`).href;
  const access = product.extensions.b2bAccess;
  return {
    sku: product.sku,
    name: product.name,
    type: product.type,
    price: product.price,
    finalPrice: product.finalPrice,
    imageUrl: absolute(product.imageUrl),
    stockStatus: product.stockStatus,
    url: absolute(`/${product.urlKey}`),
    configurableOptions: product.configurableOptions ?? [],
    variants: (product.variants ?? []).map((variant) => ({
      sku: variant.sku,
      attributes: variant.attributes,
      price: variant.price,
      finalPrice: variant.finalPrice,
      stockStatus: variant.stockStatus,
      imageUrl: absolute(variant.imageUrl),
    })),
    groupedProducts: (product.groupedProducts ?? []).map((member) => ({
      sku: member.sku,
      name: member.name,
      finalPrice: member.finalPrice,
      stockStatus: member.stockStatus,
      defaultQty: member.defaultQty,
    })),
    bundleOptions: sortedBundleOptions(product.bundleOptions ?? []).map((option) => ({
      id: option.id,
      title: option.title,
      type: option.type,
      required: option.required,
      selections: option.selections.map(({ id, name, price, defaultQty, isDefault }) => ({ id, name, price, defaultQty, isDefault })),
    })),
    downloadableLinks: sortedDownloadableLinks(product.downloadableLinks ?? []).map(({ id, title, price }) => ({ id, title, price })),
    giftcard: product.giftcardType
      ? {
          type: product.giftcardType,
          amounts: product.giftcardAmounts ?? null,
          openAmount: product.allowOpenAmount ? { min: product.openAmountMin ?? null, max: product.openAmountMax ?? null } : null,
        }
      : null,
    ...(access ? { gateFlags: access.gateFlags, hiddenPriceMessage: access.hiddenPriceMessage } : {}),
  };
}
