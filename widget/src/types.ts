/**
 * The wire shapes the widget reads: `/embed/products` (contracts/widget-product.ts) and the server
 * cart (`/api/cart`, contracts/cart.ts). Type-only imports of the shared contracts: the types are
 * checked against what the storefront and the backend answer, and none of zod reaches the bundle.
 */
import type { AddCartItem } from '../../contracts/add-cart-item.ts';
import type { WidgetProduct } from '../../contracts/widget-product.ts';

export type { Cart } from '../../contracts/cart.ts';
export type { EmbedProducts as ProductsAnswer, WidgetConfig, WidgetProduct, WidgetVariant } from '../../contracts/widget-product.ts';

/**
 * POST /api/cart/items: the SKU, the options chosen and the quantity; the price is the server's.
 * The widget sells simple products and configurables only, so it picks options by value index.
 */
export type CartAddition = Pick<AddCartItem, 'sku' | 'qty'> & { options?: Record<string, number> };

/** What shows where B2B Access withholds a price: the store's message, else a plain one. */
export const hiddenPriceMessage = (product: WidgetProduct): string => product.hiddenPriceMessage || 'Sign in to see the price.';
