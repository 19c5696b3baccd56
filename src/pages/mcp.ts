import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { AGENT_DOCUMENT_CACHE_CONTROL } from '../lib/agents/agent-paths.ts';
import { handleMcpRequest } from '../lib/agents/mcp/mcp-handler.ts';
import { paymentProviderOf } from '../lib/agents/mcp/payment-handlers.ts';
import { mcpRateLimited } from '../lib/agents/mcp/rate-limit.ts';
import { MCP_RETRY_AFTER_S, mcpUnavailable } from '../lib/agents/mcp-card.ts';
import { backendClient, getConfig, publicOriginForUrl, storeForUrl } from '../lib/config.ts';
import { contentStore } from '../lib/content/content-store.ts';

/**
 * /mcp, any method. With AGENT_COMMERCE on, the MCP server of UCP's shopping tools (DECISIONS.md 59;
 * agents/mcp/mcp-handler.ts), limited per client IP; off (wrangler.toml's default), SPEC.md's 503 with
 * Retry-After and the server card's URL.
 */
export const ALL: APIRoute = async ({ request, url }) => {
  const config = getConfig();
  const origin = publicOriginForUrl(url, config);
  if (config.AGENT_COMMERCE === 'on') {
    const limited = await mcpRateLimited(env.MCP_RATE_LIMITER, request.headers);
    if (limited) return limited;
    const store = storeForUrl(url, config);
    const storeConfig = await contentStore(env.CONTENT, store).config();
    return handleMcpRequest(request, {
      client: backendClient(config),
      store,
      origin,
      storeName: storeConfig?.storeName ?? 'Store',
      paymentProvider: paymentProviderOf(storeConfig),
      proxySecret: config.STOREFRONT_PROXY_SECRET,
      sealSecret: config.SESSION_SECRET,
    });
  }
  const body = mcpUnavailable(origin);
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(body), {
    status: 503,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': AGENT_DOCUMENT_CACHE_CONTROL,
      'Retry-After': String(MCP_RETRY_AFTER_S),
    },
  });
};
