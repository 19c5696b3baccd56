/**
 * What `/embed/products` answers (SPEC.md "Widget product record" and "Widget config object",
 * DECISIONS.md 32), as far as the widget reads it. The storefront's own types live in src/lib/embed;
 * the widget is a separate bundle for other sites and keeps its own copy of the wire shape.
 */
export interface WidgetProduct {
  sku: string;
  name: string;
  type: string;
  price: number | null;
  finalPrice: number | null;
  imageUrl: string;
  stockStatus: string;
  url: string;
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
