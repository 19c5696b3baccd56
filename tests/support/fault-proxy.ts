/**
 * A real HTTP hop between the storefront and the backend. It passes everything through (method,
 * headers, body) and records what it forwarded, except requests a test chooses to intercept: fail
 * them, answer them with a given JSON body, alter the backend's JSON answer, or delay them.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface SeenRequest {
  method: string;
  /** Path and query exactly as the storefront sent them. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body as text (empty for GET and HEAD). */
  body: string;
}

type Rule =
  | { match: RegExp; kind: 'answer'; status: number; body: unknown; afterMs?: number; passes?: number }
  | { match: RegExp; kind: 'transform'; change: (body: unknown) => unknown }
  | { match: RegExp; kind: 'delay'; ms: number };

export interface FaultProxy {
  url: string;
  /** Requests whose path+query match answer this status (after `afterMs`); `null` removes every rule. */
  failWhen: (match: RegExp | null, status?: number, afterMs?: number) => void;
  /** The first `passes` matching requests go through; those after answer this status. */
  failAfter: (match: RegExp, passes: number, status?: number) => void;
  /** Requests whose path+query match answer `status` with `body` as JSON, never reaching the backend. */
  answer: (match: RegExp, status: number, body: unknown) => void;
  /** The backend's JSON answer to matching requests is replaced by `change(answer)`. */
  transform: (match: RegExp, change: (body: unknown) => unknown) => void;
  /** Matching requests wait `ms` before being passed through. */
  delay: (match: RegExp, ms: number) => void;
  /** Removes every rule. */
  reset: () => void;
  /** Every request that reached the hop, in order (clear it with `seen.length = 0`). */
  seen: SeenRequest[];
  close: () => Promise<void>;
}

/** Response headers that describe the hop's own connection or the encoding fetch already undid. */
const NOT_RELAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);

async function readBody(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

function requestHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      // fetch sets Content-Length from the body itself (the undici wrangler installs refuses a given one).
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
    ),
  );
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** `target()` is read per request: the backend may move to another port while the shop starts. */
export async function startFaultProxy(target: () => string): Promise<FaultProxy> {
  let rules: Rule[] = [];
  const seen: SeenRequest[] = [];

  async function forward(request: IncomingMessage, response: ServerResponse, path: string, rule: Rule | undefined, body?: Uint8Array<ArrayBuffer>) {
    if (rule?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, rule.ms));
    const upstream = await fetch(`${target()}${path}`, {
      method: request.method,
      headers: requestHeaders(request.headers),
      body,
      redirect: 'manual',
    });
    if (rule?.kind === 'transform' && upstream.ok) {
      sendJson(response, upstream.status, rule.change(await upstream.json()));
      return;
    }
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!NOT_RELAYED.has(name)) headers[name] = value;
    });
    response.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
  }

  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const method = request.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request);
    seen.push({ method, path, headers: request.headers, body: body ? Buffer.from(body).toString() : '' });
    const rule = rules.find((candidate) => candidate.match.test(path) && !(candidate.kind === 'answer' && candidate.passes && candidate.passes-- > 0));
    if (rule?.kind === 'answer') {
      if (rule.afterMs) await new Promise((resolve) => setTimeout(resolve, rule.afterMs));
      sendJson(response, rule.status, rule.body);
      return;
    }
    try {
      await forward(request, response, path, rule, body);
    } catch {
      // The backend is down (a test stopped it): drop the connection, as an unreachable host would.
      request.socket.destroy();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    failWhen: (match, status = 500, afterMs = 0) => {
      rules = match ? [{ match, kind: 'answer', status, body: { error: 'injected_fault' }, afterMs }, ...rules] : [];
    },
    failAfter: (match, passes, status = 500) => {
      rules = [{ match, kind: 'answer', status, body: { error: 'injected_fault' }, passes }, ...rules];
    },
    answer: (match, status, body) => {
      rules = [{ match, kind: 'answer', status, body }, ...rules];
    },
    transform: (match, change) => {
      rules = [{ match, kind: 'transform', change }, ...rules];
    },
    delay: (match, ms) => {
      rules = [{ match, kind: 'delay', ms }, ...rules];
    },
    reset: () => {
      rules = [];
    },
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
