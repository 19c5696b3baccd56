/**
 * What `/embed/products` answers (SPEC.md "Widget product record" and "Widget config object",
 * DECISIONS.md 32), as far as the widget reads it. The storefront's own types live in src/lib/embed;
 * the widget is a separate bundle for other sites and keeps its own copy of the wire shape.
 */
export interface ConfigurableOption {
  attributeCode: string;
  label: string;
  values: Array<{ valueIndex: number; label: string }>;
}

export interface WidgetVariant {
  sku: string;
  /** attributeCode → valueIndex */
  attributes: Record<string, number>;
  price: number | null;
  finalPrice: number | null;
  stockStatus: string;
  imageUrl: string;
}

export interface WidgetProduct {
  sku: string;
  name: string;
  type: string;
  price: number | null;
  finalPrice: number | null;
  imageUrl: string;
  stockStatus: string;
  url: string;
  /** A configurable's options and its variants (empty for other types). */
  configurableOptions: ConfigurableOption[];
  variants: WidgetVariant[];
  gateFlags?: { requiresLogin: boolean; hidePrice: boolean; canCheckout: boolean };
  hiddenPriceMessage?: string;
}

export interface WidgetConfig {
  currency: string;
  defaultCountry: string;
  paymentProvider: string;
  paymentPublishableKey: string;
  mapsKey: string | null;
  detectedCountry: string;
}

export interface ProductsAnswer {
  products: WidgetProduct[];
  config: WidgetConfig;
}

/** A line of the server cart (`/api/cart`). */
export interface CartLine {
  id: number;
  sku: string;
  name: string;
  /** Root-relative, under the store's /media/. */
  imageUrl: string;
  options: Record<string, string>;
  qty: number;
  price: number;
  rowTotal: number;
}

export interface Cart {
  currency: string;
  items: CartLine[];
  itemsQty: number;
  subtotal: number;
}

/** POST /api/cart/items: the SKU, the options chosen and the quantity; the price is the server's. */
export interface CartAddition {
  sku: string;
  qty: number;
  options?: Record<string, number>;
}

/** What shows where B2B Access withholds a price: the store's message, else a plain one. */
export const hiddenPriceMessage = (product: WidgetProduct): string => product.hiddenPriceMessage || 'Sign in to see the price.';
