import type { APIRoute } from 'astro';
import { AGENT_DOCUMENT_CACHE_CONTROL } from '../lib/agents/agent-paths.ts';
import { MCP_RETRY_AFTER_S, mcpUnavailable } from '../lib/agents/mcp-card.ts';
import { publicOriginForUrl } from '../lib/config.ts';

/**
 * /mcp, any method (MCP clients POST; DECISIONS.md 12): 503 with Retry-After and the server card's
 * URL until the server exists.
 */
export const ALL: APIRoute = ({ request, url }) => {
  const body = mcpUnavailable(publicOriginForUrl(url));
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(body), {
    status: 503,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': AGENT_DOCUMENT_CACHE_CONTROL,
      'Retry-After': String(MCP_RETRY_AFTER_S),
    },
  });
};
