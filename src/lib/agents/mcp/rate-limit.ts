/**
 * `/mcp`'s limit per client IP (README "Agent commerce"): Cloudflare's Workers Rate Limiting binding
 * (`MCP_RATE_LIMITER` in wrangler.toml: 300 calls a minute per IP), keyed by `CF-Connecting-IP`,
 * which the edge sets and clients cannot (DECISIONS.md 41). Counters live in Cloudflare's limiter,
 * per data centre; nothing is written to KV. Over the limit: 429 with a JSON-RPC error and
 * `Retry-After` (the limiter's window). Without the binding (an older deployment) nothing is limited.
 */
import { rpcError } from './protocol-versions.ts';

export const MCP_RATE_LIMIT = { limit: 300, periodSeconds: 60 } as const;

export async function mcpRateLimited(limiter: RateLimit | undefined, headers: Headers): Promise<Response | null> {
  const ip = headers.get('CF-Connecting-IP')?.trim();
  if (!limiter || !ip) return null;
  const { success } = await limiter.limit({ key: `mcp:${ip}` });
  if (success) return null;
  return new Response(JSON.stringify(rpcError(null, -32000, `Too many requests: /mcp allows ${MCP_RATE_LIMIT.limit} calls a minute per client; retry shortly.`)), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Retry-After': String(MCP_RATE_LIMIT.periodSeconds) },
  });
}
