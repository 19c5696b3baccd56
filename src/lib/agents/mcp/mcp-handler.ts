/**
 * `/mcp` with agent commerce on (DECISIONS.md 59): stateless Streamable HTTP, `POST` JSON-RPC, answered
 * in JSON. Each request gets its own MCP server and transport (the SDK's web-standard pieces, which
 * run on workerd) bound to that caller, so nothing of one caller reaches another and no session is
 * kept. Around the SDK this module does what it does not:
 *   - the stateless revision 2026-07-28 (`server/discover`, `resultType`; protocol-versions.ts);
 *   - JSON-RPC's own errors for a malformed message (-32700 unparseable, -32600 not a request) and
 *     an unknown tool (-32602, as the MCP specification's tools page names it), never a 5xx;
 *   - 401 with `WWW-Authenticate: Bearer resource_metadata=…` (RFC 9728) when a tool needs a
 *     signed-in customer or the backend refused the caller's token.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { BackendClient } from '../../backend-client.ts';
import { bearerChallenge } from '../oauth-protected-resource.ts';
import type { CallerContext } from './backend-calls.ts';
import { asStatelessAnswer, discoverResult, HANDSHAKE_VERSION, isSupportedStateless, RPC_ERRORS, rpcError, statelessVersionOf, SUPPORTED_VERSIONS } from './protocol-versions.ts';
import { CUSTOMER_TOOLS, SHOPPING_TOOLS } from './tool-catalog.ts';
import type { PaymentProvider } from './payment-handlers.ts';
import { registerShoppingTools, type ToolContext } from './tools.ts';

export interface McpRequestContext {
  client: BackendClient;
  store: string;
  origin: string;
  storeName: string;
  /** The backend's payment provider (the synced store config): which handlers checkouts offer. */
  paymentProvider: PaymentProvider;
  proxySecret: string | undefined;
  sealSecret: string | undefined;
}

/** Bodies above this are refused before parsing (DECISIONS.md 56's JSON limit). */
const MAX_BODY_BYTES = 1024 * 1024;
const SERVER_VERSION = '1.0.0';
const KNOWN_TOOLS = new Set<string>(SHOPPING_TOOLS.map((tool) => tool.name));

function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers } });
}

/** The caller's Bearer token header, when they sent one (anything else is anonymous). */
function bearerOf(headers: Headers): string | undefined {
  const value = headers.get('Authorization')?.trim();
  return value && /^Bearer\s+\S+$/i.test(value) ? value : undefined;
}

async function readBody(request: Request): Promise<{ text: string } | { tooLarge: true }> {
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  if (declared > MAX_BODY_BYTES) return { tooLarge: true };
  const text = await request.text();
  return new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES ? { tooLarge: true } : { text };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

interface RpcMessage {
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown; _meta?: Record<string, unknown> } & Record<string, unknown>;
}

function unauthorized(origin: string, body: unknown): Response {
  return jsonAnswer(body, 401, { 'WWW-Authenticate': bearerChallenge(origin) });
}

export async function handleMcpRequest(request: Request, context: McpRequestContext): Promise<Response> {
  if (request.method !== 'POST') {
    // Stateless: no GET stream to open and no session to DELETE (Streamable HTTP lets a server refuse both).
    return jsonAnswer(rpcError(null, RPC_ERRORS.invalidRequest, 'This MCP server is stateless: POST JSON-RPC requests.'), 405, { Allow: 'POST' });
  }
  const read = await readBody(request);
  if ('tooLarge' in read) return jsonAnswer(rpcError(null, RPC_ERRORS.invalidRequest, 'The request body is over 1 MiB.'), 413);
  const parsed = parseJson(read.text);
  if (!parsed.ok) return jsonAnswer(rpcError(null, RPC_ERRORS.parse, 'Parse error: the body is not JSON.'), 400);
  const messages = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  if (messages.length === 0 || !messages.every((message) => JSONRPCMessageSchema.safeParse(message).success)) {
    const id = (parsed.value as RpcMessage | null)?.id;
    return jsonAnswer(rpcError(typeof id === 'string' || typeof id === 'number' ? id : null, RPC_ERRORS.invalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message.'), 400);
  }
  const single = Array.isArray(parsed.value) ? undefined : (parsed.value as RpcMessage);
  const authorization = bearerOf(request.headers);

  const stateless = single ? statelessVersionOf(single, request.headers.get('MCP-Protocol-Version')) : null;
  if (stateless !== null && single) {
    if (!isSupportedStateless(stateless)) {
      return jsonAnswer(rpcError(single.id, RPC_ERRORS.invalidParams, `Unsupported protocol version ${stateless}.`, { supported: [...SUPPORTED_VERSIONS], requested: stateless }), 400);
    }
    if (single.method === 'server/discover') {
      return jsonAnswer({ jsonrpc: '2.0', id: single.id, result: discoverResult(identity(context)) });
    }
  }

  const call = single?.method === 'tools/call' ? single : undefined;
  const toolName = typeof call?.params?.name === 'string' ? call.params.name : undefined;
  if (call && (toolName === undefined || !KNOWN_TOOLS.has(toolName))) {
    return jsonAnswer(rpcError(call.id, RPC_ERRORS.invalidParams, `Unknown tool: ${String(toolName)}`));
  }
  if (toolName && CUSTOMER_TOOLS.has(toolName) && !authorization) {
    return unauthorized(context.origin, rpcError(call?.id, RPC_ERRORS.invalidRequest, `${toolName} needs a signed-in customer: send Authorization: Bearer <access token>.`));
  }

  const caller: CallerContext = { client: context.client, store: context.store, authorization, incoming: request.headers, proxySecret: context.proxySecret, unauthorized: false };
  const tools: ToolContext = { caller, origin: context.origin, paymentProvider: context.paymentProvider, sealSecret: context.sealSecret, customerRequired: false };
  const server = new McpServer({ name: identity(context).name, version: SERVER_VERSION }, { capabilities: { tools: {} }, instructions: identity(context).instructions });
  registerShoppingTools(server, tools);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const headers = new Headers(request.headers);
    // The SDK validates the header against the revisions it knows; a stateless request is served by the same handlers.
    if (stateless !== null) headers.set('MCP-Protocol-Version', HANDSHAKE_VERSION);
    if (!headers.get('Accept')?.includes('text/event-stream')) headers.set('Accept', 'application/json, text/event-stream');
    const answer = await transport.handleRequest(new Request(request.url, { method: 'POST', headers }), { parsedBody: parsed.value });
    if (answer.status === 202 || !answer.headers.get('Content-Type')?.includes('application/json')) return answer;
    let body: unknown = await answer.json();
    if (stateless !== null) body = asStatelessAnswer(body);
    if (tools.customerRequired || caller.unauthorized) return unauthorized(context.origin, body);
    return jsonAnswer(body, answer.status);
  } finally {
    await server.close();
  }
}

function identity(context: McpRequestContext) {
  return {
    name: `${context.storeName} shopping tools`,
    version: SERVER_VERSION,
    instructions:
      'Universal Commerce Protocol shopping tools: search_catalog, lookup_catalog, get_product, then create_cart or create_checkout, update_checkout with the buyer and destination, complete_checkout. Anonymous calls see what a guest sees; send a customer access token (Authorization: Bearer, from /api/auth/token) for their prices and to read orders.',
  };
}
