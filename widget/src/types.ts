/**
 * The wire shapes the widget reads: `/embed/products` (contracts/widget-product.ts) and the server
 * cart (`/api/cart`, contracts/cart.ts). Type-only imports of the shared contracts: the types are
 * checked against what the storefront and the backend answer, and none of zod reaches the bundle.
 */
import type { AddCartItem } from '../../contracts/add-cart-item.ts';
import type { WidgetProduct } from '../../contracts/widget-product.ts';

export type { Cart } from '../../contracts/cart.ts';
export type {
  EmbedProducts as ProductsAnswer,
  WidgetBundleOption,
  WidgetConfig,
  WidgetGiftcard,
  WidgetProduct,
  WidgetVariant,
} from '../../contracts/widget-product.ts';

/**
 * POST /api/cart/items: the SKU, the quantity and the choice its type needs; the price is the
 * server's. A configurable's options are picked by value index.
 */
export type CartAddition = Pick<AddCartItem, 'sku' | 'qty' | 'bundleOptions' | 'links' | 'giftcard' | 'groupedQuantities'> & { options?: Record<string, number> };

/** What shows where B2B Access withholds a price: the store's message, else a plain one. */
export const hiddenPriceMessage = (product: WidgetProduct): string => product.hiddenPriceMessage || 'Sign in to see the price.';
