/**
 * Backend product records as UCP catalog products (ucp.dev "Catalog": product, variants, price
 * range, availability, options). A price the caller may not see is absent, never zero, and the
 * record says why in a message (B2B Access's `hiddenPriceMessage`, DECISIONS.md 30); whether the
 * caller may buy is `purchasable`, from the same gate flags the storefront shows. Pure.
 */
import type { ProductDetail, ProductListing } from '../../../../contracts/product.ts';
import { htmlToInlineText } from '../markdown.ts';
import { absoluteUrl } from '../public-origin.ts';
import { minorUnits } from './money.ts';

export interface UcpMoney {
  amount: number;
  currency: string;
}

export interface UcpMessage {
  type: 'info' | 'warning' | 'error';
  code: string;
  content: string;
}

export interface UcpVariant {
  id: string;
  sku: string;
  title: string;
  price?: UcpMoney;
  availability: { available: boolean };
  options: Array<{ name: string; label: string }>;
}

export interface UcpProduct {
  id: string;
  sku: string;
  handle: string;
  title: string;
  description: { plain: string };
  url: string;
  media: Array<{ type: 'image'; url: string }>;
  price_range?: { min: UcpMoney; max: UcpMoney };
  availability: { available: boolean };
  purchasable: boolean;
  options?: Array<{ name: string; code: string; values: Array<{ label: string }> }>;
  variants?: UcpVariant[];
  messages?: UcpMessage[];
}

const money = (amount: number, currency: string): UcpMoney => ({ amount: minorUnits(amount), currency });

function gateMessages(product: ProductListing): UcpMessage[] {
  const access = product.extensions.b2bAccess;
  if (!access) return [];
  const messages: UcpMessage[] = [];
  if (access.gateFlags.hidePrice) messages.push({ type: 'info', code: 'price_hidden', content: access.hiddenPriceMessage });
  if (!access.gateFlags.canCheckout && !access.gateFlags.hidePrice) {
    messages.push({ type: 'info', code: 'purchase_blocked', content: access.hiddenPriceMessage || 'This product cannot be bought by this account.' });
  }
  return messages;
}

/** The product as a search result or lookup: no children (a listing record). */
export function ucpProductSummary(product: ProductListing, origin: string): UcpProduct {
  const access = product.extensions.b2bAccess?.gateFlags;
  const low = product.minimalPrice ?? product.finalPrice;
  const high = product.finalPrice ?? product.minimalPrice;
  const messages = gateMessages(product);
  return {
    id: String(product.id),
    sku: product.sku,
    handle: product.urlKey,
    title: product.name,
    description: { plain: htmlToInlineText(product.shortDescription || product.description) },
    url: absoluteUrl(origin, `/${product.urlKey}`),
    media: product.imageUrl ? [{ type: 'image', url: absoluteUrl(origin, product.imageUrl) }] : [],
    ...(low !== null && high !== null ? { price_range: { min: money(Math.min(low, high), product.currency), max: money(Math.max(low, high), product.currency) } } : {}),
    availability: { available: product.stockStatus === 'in_stock' },
    purchasable: access ? access.canCheckout && !access.hidePrice : true,
    ...(messages.length > 0 ? { messages } : {}),
  };
}

/** The full detail: a configurable's options and variants (each with the option labels that pick it). */
export function ucpProductDetail(product: ProductDetail, origin: string): UcpProduct {
  const summary = ucpProductSummary(product, origin);
  const options = product.configurableOptions ?? [];
  const variants = product.variants ?? [];
  if (options.length === 0 && variants.length === 0) return summary;
  const labelOf = (code: string, valueIndex: number) => options.find((option) => option.attributeCode === code)?.values.find((value) => value.valueIndex === valueIndex)?.label;
  return {
    ...summary,
    options: options.map((option) => ({ name: option.label, code: option.attributeCode, values: option.values.map((value) => ({ label: value.label })) })),
    variants: variants.map((variant) => ({
      id: String(variant.id),
      sku: variant.sku,
      title: variant.name,
      ...(variant.finalPrice !== null ? { price: money(variant.finalPrice, product.currency) } : {}),
      availability: { available: variant.stockStatus === 'in_stock' },
      options: Object.entries(variant.attributes).flatMap(([code, valueIndex]) => {
        const label = labelOf(code, valueIndex);
        const name = options.find((option) => option.attributeCode === code)?.label;
        return label && name ? [{ name, label }] : [];
      }),
    })),
  };
}
