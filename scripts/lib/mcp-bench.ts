/**
 * Agent commerce in `npm run bench` (issue 35): `search_catalog` and `get_product` calls per second
 * over MCP (POST /mcp, the stateless 2026-07-28 revision: one HTTP request per call, as an agent
 * that skips the handshake sends them) next to the same reads over the storefront's REST proxy
 * (`/api/search`, `/api/products/{id}`), each as a guest. The MCP overhead is the ratio of the two.
 * Each request carries its own `CF-Connecting-IP` (local workerd keeps what the client sends), so the
 * per-IP limit of /mcp (300 a minute) measures the server, not the limiter. Worker CPU per request
 * (workerd's user + system time, as the request-path figures read it) is the overhead that does not
 * depend on how busy the backend and the machine are.
 */
import autocannon from 'autocannon';
import { workerdTicks } from './request-path-bench.ts';

export interface McpBenchFigure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Worker CPU per request, in ms. */
  cpuMs: number;
  errors: number;
}

export interface McpBenchOptions {
  connections: number;
  duration: number;
  /** The storefront's process group (its workerd processes' CPU is counted). */
  processGroup: number;
}

/** /proc's clock ticks per second (USER_HZ). */
const TICKS_PER_SECOND = 100;

const STATELESS_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function toolCall(name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: STATELESS_META } });
}

let visitor = 0;
/** A distinct documentation-range address per request (RFC 5737 and 2544 ranges: 2 × 65,536). */
function nextIp(): string {
  visitor = (visitor + 1) % 131_072;
  const high = visitor >> 8;
  return high < 256 ? `198.18.${high}.${visitor & 255}` : `198.19.${high - 256}.${visitor & 255}`;
}

async function load(name: string, base: string, target: { method: 'GET' | 'POST'; path: string; body?: string }, options: McpBenchOptions): Promise<McpBenchFigure> {
  const before = workerdTicks(options.processGroup);
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28' };
  const result = await autocannon({
    url: `${base}${target.path}`,
    method: target.method,
    connections: options.connections,
    duration: options.duration,
    headers,
    ...(target.body ? { body: target.body } : {}),
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'CF-Connecting-IP': nextIp() } }) }],
  });
  const ticks = workerdTicks(options.processGroup) - before;
  const errors = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => Number(status) !== 200)
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: result.requests.total > 0 ? (ticks * 1000) / TICKS_PER_SECOND / result.requests.total : 0,
    errors: errors + result.errors,
  };
}

/** The four loads: REST search, MCP search_catalog, REST product, MCP get_product (same query, same product). */
export async function mcpFigures(storefrontUrl: string, product: { id: number }, query: string, options: McpBenchOptions): Promise<McpBenchFigure[]> {
  const probe = await fetch(`${storefrontUrl}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: toolCall('search_catalog', { catalog: { query } }) });
  if (probe.status !== 200) throw new Error(`/mcp answered ${probe.status}: is AGENT_COMMERCE on? ${await probe.text()}`);
  return [
    await load('REST /api/search', storefrontUrl, { method: 'GET', path: `/api/search?q=${encodeURIComponent(query)}&itemsPerPage=10` }, options),
    await load('MCP search_catalog', storefrontUrl, { method: 'POST', path: '/mcp', body: toolCall('search_catalog', { catalog: { query, pagination: { limit: 10 } } }) }, options),
    await load('REST /api/products/{id}', storefrontUrl, { method: 'GET', path: `/api/products/${product.id}` }, options),
    await load('MCP get_product', storefrontUrl, { method: 'POST', path: '/mcp', body: toolCall('get_product', { catalog: { id: String(product.id) } }) }, options),
  ];
}
