/**
 * The two MCP revisions `/mcp` speaks (DECISIONS.md 59). 2025-11-25 is the SDK's own (initialize,
 * then calls; we keep no session either way). 2026-07-28 is stateless: no handshake, every request
 * names its version in `_meta["io.modelcontextprotocol/protocolVersion"]` (and the
 * `MCP-Protocol-Version` header), `server/discover` tells a client what the server supports, and
 * every result carries `resultType`. The installed SDK (1.32) predates it, so this module adapts
 * such a request to the SDK's handlers and the answer back. Pure.
 */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export const STATELESS_VERSION = '2026-07-28';
export const HANDSHAKE_VERSION = LATEST_PROTOCOL_VERSION;
export const SUPPORTED_VERSIONS = [STATELESS_VERSION, HANDSHAKE_VERSION] as const;
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

/** JSON-RPC 2.0 and MCP error codes used here. */
export const RPC_ERRORS = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602 } as const;

interface RpcRequestLike {
  method?: unknown;
  params?: { _meta?: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * The stateless revision a request asks for, from its `_meta` (or, failing that, its header);
 * null for a request of the handshake era.
 */
export function statelessVersionOf(message: RpcRequestLike, header: string | null): string | null {
  const named = message.params?._meta?.[META_VERSION];
  if (typeof named === 'string') return named;
  return header === STATELESS_VERSION ? header : null;
}

export function isSupportedStateless(version: string): boolean {
  return version === STATELESS_VERSION;
}

export interface ServerIdentity {
  name: string;
  version: string;
  instructions: string;
}

/** The `server/discover` result (2026-07-28): versions, capabilities, identity; cacheable an hour. */
export function discoverResult(identity: ServerIdentity) {
  return {
    resultType: 'complete',
    supportedVersions: [...SUPPORTED_VERSIONS],
    capabilities: { tools: {} },
    serverInfo: { name: identity.name, version: identity.version },
    instructions: identity.instructions,
    ttlMs: 3_600_000,
    cacheScope: 'public',
  };
}

export function rpcError(id: unknown, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0' as const, id: id ?? null, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** A handshake-era answer as the stateless revision's: every result gains `resultType`. */
export function asStatelessAnswer(body: unknown): unknown {
  const mark = (message: unknown) => {
    const record = message as { result?: Record<string, unknown> } | null;
    return record && typeof record === 'object' && record.result && typeof record.result === 'object' ? { ...record, result: { resultType: 'complete', ...record.result } } : message;
  };
  return Array.isArray(body) ? body.map(mark) : mark(body);
}
