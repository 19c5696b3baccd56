/**
 * UCP's business profile (`/.well-known/ucp`, DECISIONS.md 59): the UCP version, the shopping service
 * with its MCP transport at `{base_url}/mcp`, the capabilities the tools implement, and the payment
 * handlers an agent can pay with: the test provider's card while the backend's provider is the test one;
 * none with a live provider (Stripe), where checkout_complete answers `requires_escalation` and the buyer
 * pays on the store's checkout page. Its shape is `@ucp-js/sdk` 0.1.1's `UcpDiscoveryProfileSchema`
 * (UCP 2026-01-11), which the unit test validates it against. Pure.
 */
import { AGENT_PATHS } from './agent-paths.ts';
import { agentPaymentHandlers, type PaymentProvider } from './mcp/payment-handlers.ts';
import { CAPABILITIES, UCP_SPEC, UCP_VERSION, type CapabilityName } from './mcp/ucp-version.ts';
import { absoluteUrl } from './public-origin.ts';

const SPEC_BASE = 'https://ucp.dev/specification';
const SCHEMA_BASE = 'https://ucp.dev/schemas/shopping';

const capability = (name: CapabilityName, page: string, extendsName?: CapabilityName) => ({
  name,
  version: UCP_VERSION,
  spec: `${SPEC_BASE}/${page}`,
  schema: `${SCHEMA_BASE}/${page.replace('/', '_')}.json`,
  ...(extendsName ? { extends: extendsName } : {}),
});

export function ucpBusinessProfile(origin: string, paymentProvider: PaymentProvider) {
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        'dev.ucp.shopping': {
          version: UCP_VERSION,
          spec: UCP_SPEC,
          mcp: { schema: 'https://ucp.dev/services/shopping/mcp.openrpc.json', endpoint: absoluteUrl(origin, AGENT_PATHS.mcp) },
        },
      },
      capabilities: [
        capability(CAPABILITIES.catalogSearch, 'catalog/search'),
        capability(CAPABILITIES.catalogLookup, 'catalog/lookup'),
        capability(CAPABILITIES.cart, 'cart'),
        capability(CAPABILITIES.checkout, 'checkout'),
        capability(CAPABILITIES.fulfillment, 'fulfillment', CAPABILITIES.checkout),
        capability(CAPABILITIES.order, 'order'),
      ],
    },
    payment: {
      handlers: agentPaymentHandlers(paymentProvider).map((handler) => ({
        ...handler,
        version: UCP_VERSION,
        spec: absoluteUrl(origin, AGENT_PATHS.apiDocs),
        config_schema: absoluteUrl(origin, AGENT_PATHS.openApi),
        instrument_schemas: [absoluteUrl(origin, AGENT_PATHS.openApi)],
        config: { test_mode: true },
      })),
    },
  };
}
