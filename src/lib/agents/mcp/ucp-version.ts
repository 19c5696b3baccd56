/**
 * The UCP revision the tools and the business profile speak: the one `@ucp-js/sdk` 0.1.1 carries the
 * schemas of (2026-01-11), so what we publish validates against the package we record (DECISIONS.md 59).
 * Capability names are UCP's; the catalog and cart capabilities are newer than the package, so their
 * shapes follow the specification's text (ucp.dev "Catalog" and "Cart") rather than a schema.
 */
export const UCP_VERSION = '2026-01-11';
export const UCP_SPEC = 'https://ucp.dev/specification/overview';

export const CAPABILITIES = {
  catalogSearch: 'dev.ucp.shopping.catalog.search',
  catalogLookup: 'dev.ucp.shopping.catalog.lookup',
  cart: 'dev.ucp.shopping.cart',
  checkout: 'dev.ucp.shopping.checkout',
  fulfillment: 'dev.ucp.shopping.fulfillment',
  order: 'dev.ucp.shopping.order',
} as const;

export type CapabilityName = (typeof CAPABILITIES)[keyof typeof CAPABILITIES];

/** The `ucp` block every UCP response carries: the version and the capabilities the answer uses. */
export function ucpEnvelope(...names: CapabilityName[]) {
  return { version: UCP_VERSION, capabilities: names.map((name) => ({ name, version: UCP_VERSION })) };
}

/** The payment handler of the backend's test provider (DECISIONS.md 57): a card number, 4242… pays. */
export const TEST_CARD_HANDLER = 'test_card';
