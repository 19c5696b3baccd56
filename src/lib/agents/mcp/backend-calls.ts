/**
 * How the MCP tools reach the backend: the storefront's one seam (backend-client.ts `proxy`), as the
 * `/api/*` proxy does for a browser. The caller's `Authorization: Bearer` travels unchanged, so the
 * backend makes its one access decision for them (DECISIONS.md 47, 59); the visitor's IP travels
 * signed (41). Nothing of the caller's view is kept by the worker.
 */
import { BackendError, type BackendClient } from '../../backend-client.ts';
import { addSignedClientIp } from '../../proxy/client-ip.ts';

export interface CallerContext {
  client: BackendClient;
  store: string;
  /** The caller's `Authorization` header, when they sent a Bearer token. */
  authorization: string | undefined;
  /** The incoming request's headers (for the signed client IP). */
  incoming: Headers;
  proxySecret: string | undefined;
  /** Set when the backend refused the caller's token: the HTTP answer becomes 401 (mcp-handler.ts). */
  unauthorized: boolean;
}

export interface BackendAnswer {
  status: number;
  body: unknown;
  /** A guest cart's token (`X-Cart-Token`), when the backend issued or echoed one. */
  cartToken: string | undefined;
}

export interface BackendRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, string>;
  body?: unknown;
  cartToken?: string | undefined;
  idempotencyKey?: string;
}

/** A tool's failure the agent can act on (a refusal, not a fault): becomes an `isError` result. */
export class ToolRefusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ToolRefusal';
    this.code = code;
  }
}

/** Splits `/a/b` into the segments the proxy seam takes (already safe: built by the tools). */
function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export async function callBackend(caller: CallerContext, path: string, request: BackendRequest = {}): Promise<BackendAnswer> {
  const method = request.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', 'X-Store-Code': caller.store });
  if (caller.authorization) headers.set('Authorization', caller.authorization);
  if (request.cartToken) headers.set('X-Cart-Token', request.cartToken);
  if (request.idempotencyKey) headers.set('Idempotency-Key', request.idempotencyKey);
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  await addSignedClientIp(headers, caller.incoming, caller.proxySecret);
  const search = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  let response: Response;
  try {
    response = await caller.client.proxy({
      method,
      segments: segmentsOf(path).map(decodeURIComponent),
      trailingSlash: false,
      search,
      headers,
      body: request.body === undefined ? null : (new Response(JSON.stringify(request.body)).body as ReadableStream<Uint8Array>),
    });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    throw new ToolRefusal(error.timedOut ? 'backend_timeout' : 'backend_unavailable', 'The shop could not answer just now; try again shortly.');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A body that is not JSON carries nothing a tool can use; the status decides.
  }
  if (response.status === 401 && caller.authorization) caller.unauthorized = true;
  return { status: response.status, body, cartToken: response.headers.get('X-Cart-Token') ?? undefined };
}

/** The backend's `{error, message}` refusal as a ToolRefusal, or a generic one. */
export function refusalOf(answer: BackendAnswer, fallback: string): ToolRefusal {
  const body = answer.body as { error?: unknown; message?: unknown } | null;
  const code = typeof body?.error === 'string' ? body.error : `http_${answer.status}`;
  const message = typeof body?.message === 'string' ? body.message : fallback;
  return new ToolRefusal(code, message);
}

/** The answer's body when it succeeded, else its refusal. */
export function expectOk(answer: BackendAnswer, fallback: string): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw refusalOf(answer, fallback);
}
