/**
 * The pure part of the leak crawler (tests/b2b-guest-leaks.test.ts): does a body a guest received
 * (HTML, markdown, JSON, XML, text) disclose a gated price or a product hidden from guests? The test
 * gives the gated products canary prices no other product has, so any spelling of such an amount
 * anywhere in a guest body is a leak, wherever a template printed it (price block, JSON-LD offers,
 * meta tags, a card, a data attribute). HTML is checked as sent and as text (entities decoded).
 */
import { DomUtils, parseDocument } from 'htmlparser2';

export interface GuestSecrets {
  /** Amounts no guest may see (the gated products' prices). */
  prices: number[];
  /** Products no guest may see at all: their SKU, name and page path appear nowhere. */
  products: Array<{ sku: string; name: string; urlKey: string }>;
}

export interface Leak {
  url: string;
  kind: 'price' | 'product';
  needle: string;
  context: string;
}

/** Thousands separators of the locales the shop formats for (`,` `.` space, no-break space, narrow no-break space). */
const GROUP_SEPARATORS = ['', ',', '.', ' ', '\u00a0', '\u202f'];

function grouped(integer: string, separator: string): string {
  let result = '';
  for (let index = 0; index < integer.length; index++) {
    if (index > 0 && (integer.length - index) % 3 === 0) result += separator;
    result += integer[index];
  }
  return result;
}

/**
 * Every way a template or serializer may write the amount: `7391.37`, `7,391.37`, `7.391,37`, and
 * minor units `739137` when that has five digits or more (shorter runs of digits are everywhere).
 */
export function priceSpellings(amount: number): string[] {
  const [integer = '0', cents = '00'] = amount.toFixed(2).split('.');
  const minor = String(Math.round(amount * 100));
  const spellings = new Set<string>(minor.length >= 5 ? [minor] : []);
  for (const separator of GROUP_SEPARATORS) {
    const whole = grouped(integer, separator);
    if (separator !== '.') spellings.add(`${whole}.${cents}`);
    if (separator !== ',') spellings.add(`${whole},${cents}`);
  }
  return [...spellings];
}

function around(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 60), index + length + 60).replace(/\s+/g, ' ');
}

/** The leaks in one guest body; empty when it discloses nothing. */
export function findLeaks(url: string, body: string, secrets: GuestSecrets): Leak[] {
  const texts = [body];
  if (/^\s*<(!doctype|html)/i.test(body)) texts.push(DomUtils.textContent(parseDocument(body)));
  const needles = [
    ...secrets.prices.flatMap((price) => priceSpellings(price).map((needle) => ({ kind: 'price' as const, needle }))),
    ...secrets.products.flatMap((product) =>
      [product.sku, product.name, `/${product.urlKey}`].map((needle) => ({ kind: 'product' as const, needle })),
    ),
  ];
  const leaks: Leak[] = [];
  for (const { kind, needle } of needles) {
    for (const text of texts) {
      const index = text.indexOf(needle);
      if (index === -1) continue;
      leaks.push({ url, kind, needle, context: around(text, index, needle.length) });
      break;
    }
  }
  return leaks;
}
