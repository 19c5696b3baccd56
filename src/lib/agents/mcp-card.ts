/**
 * The MCP discovery card (`/.well-known/mcp/server-card.json`) and the `/mcp` placeholder answer
 * (DECISIONS.md 12, 59). With agent commerce on the card says `available` and lists the UCP shopping
 * tools, with the RFC 9728 metadata for its Bearer tokens; off, the server is `planned` and the card
 * names the tools it will offer, so agents can discover it now and find out when it goes live. Pure.
 */
import { AGENT_PATHS } from './agent-paths.ts';
import { SHOPPING_TOOLS } from './mcp/tool-catalog.ts';
import { absoluteUrl } from './public-origin.ts';

export const MCP_STATUS = 'planned';
export const MCP_AVAILABLE = 'available';
/** How long `/mcp` asks clients to wait before trying again (a day: the server is not imminent). */
export const MCP_RETRY_AFTER_S = 86_400;

export const PLANNED_MCP_TOOLS = [
  { name: 'search_products', description: 'Search the catalog by text; returns products with price and stock.' },
  { name: 'get_product', description: 'One product by URL key or SKU, with options, price and stock.' },
  { name: 'list_categories', description: 'The category tree of the store.' },
  { name: 'get_cart', description: "The caller's cart with totals." },
  { name: 'add_to_cart', description: "Add a product (with its options) to the caller's cart." },
] as const;

export interface McpCardInput {
  origin: string;
  storeName: string;
  /** AGENT_COMMERCE is on: `/mcp` serves the tools. */
  available?: boolean;
}

export function mcpServerCard({ origin, storeName, available = false }: McpCardInput) {
  const endpoint = absoluteUrl(origin, AGENT_PATHS.mcp);
  const common = {
    name: `${storeName} MCP server`,
    endpoint,
    transport: { type: 'streamable-http', url: endpoint },
    documentation: absoluteUrl(origin, AGENT_PATHS.apiCatalog),
  };
  if (!available) {
    return {
      ...common,
      description: `Model Context Protocol access to the ${storeName} catalog and cart.`,
      status: MCP_STATUS,
      authorization: { type: 'oauth2', metadata: absoluteUrl(origin, AGENT_PATHS.oauthMetadata) },
      tools: PLANNED_MCP_TOOLS,
    };
  }
  return {
    ...common,
    description: `Shopping at ${storeName} over the Universal Commerce Protocol: catalog, cart, checkout and orders. Anonymous callers see what a guest sees; a customer's Bearer token shows their prices.`,
    status: MCP_AVAILABLE,
    protocolVersions: ['2026-07-28', '2025-11-25'],
    authorization: {
      type: 'oauth2',
      required: false,
      metadata: absoluteUrl(origin, AGENT_PATHS.oauthMetadata),
      protectedResource: absoluteUrl(origin, AGENT_PATHS.protectedResource),
    },
    ucpProfile: absoluteUrl(origin, AGENT_PATHS.ucpProfile),
    tools: SHOPPING_TOOLS.map(({ name, description }) => ({ name, description })),
  };
}

/** The body of `/mcp` until the server exists (DECISIONS.md 12). */
export function mcpUnavailable(origin: string) {
  return {
    error: 'mcp_not_available',
    status: MCP_STATUS,
    message: 'The MCP server of this store is planned but not available yet; the REST API is (see the API catalog).',
    serverCard: absoluteUrl(origin, AGENT_PATHS.mcpCard),
  };
}
