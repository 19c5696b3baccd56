/**
 * Which headers cross the `/api/*` proxy. Requests carry an allow-list only, so cookies (the preview
 * gate's included), forwarding headers and anything a client invents never reach the backend, and
 * no secret of the storefront is ever added (the visitor's IP is signed with one, see client-ip.ts). Responses come back without hop-by-hop headers.
 */

/** Client headers the backend needs: credentials, content negotiation, idempotency, the guest cart. */
export const FORWARDED_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key', 'X-Cart-Token'] as const;

/** RFC 9110 §7.6.1 connection-specific fields, plus the proxy ones; never relayed. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The headers of the backend request: the allow-listed client headers and the store of the host. */
export function upstreamRequestHeaders(incoming: Headers, store: string): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value !== null) headers.set(name, value);
  }
  // The store the route decided (the host's, or a configured one the client named: proxy/api-store.ts).
  headers.set('X-Store-Code', store);
  // The shopper's address travels signed (client-ip.ts), added by the proxy; no forwarding header here.
  return headers;
}

/** The backend's answer headers without hop-by-hop fields (also those the Connection header names). */
export function downstreamResponseHeaders(upstream: Headers): Headers {
  const named = new Set(
    (upstream.get('Connection') ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers = new Headers();
  upstream.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !named.has(name)) headers.append(name, value);
  });
  return headers;
}
