/**
 * The MCP discovery card (`/.well-known/mcp/server-card.json`) and the `/mcp` placeholder answer
 * (DECISIONS.md 12). The server is planned: the card names its endpoint, transport and the tools it
 * will offer, so agents can discover it now and find out when it goes live. Pure.
 */
import { AGENT_PATHS } from './agent-paths.ts';
import { absoluteUrl } from './public-origin.ts';

export const MCP_STATUS = 'planned';
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
}

export function mcpServerCard({ origin, storeName }: McpCardInput) {
  const endpoint = absoluteUrl(origin, AGENT_PATHS.mcp);
  return {
    name: `${storeName} MCP server`,
    description: `Model Context Protocol access to the ${storeName} catalog and cart.`,
    status: MCP_STATUS,
    endpoint,
    transport: { type: 'streamable-http', url: endpoint },
    authorization: { type: 'oauth2', metadata: absoluteUrl(origin, AGENT_PATHS.oauthMetadata) },
    tools: PLANNED_MCP_TOOLS,
    documentation: absoluteUrl(origin, AGENT_PATHS.apiCatalog),
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
