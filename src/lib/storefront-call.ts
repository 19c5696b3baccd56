/**
 * The marker of the storefront's own calls to the backend (DECISIONS.md 49, 51): its sync, the stub
 * and freshness refetches, the forms it renders and the form posts it forwards. `X-Storefront-Call:
 * {timestamp}.{hex HMAC-SHA256 of "storefront-call\n{timestamp}"}` under STOREFRONT_PROXY_SECRET
 * (backend/src/platform/http/storefront-call.ts verifies it; both test the same vector).
 *
 * A visitor's request through the `/api/*` proxy never carries it: the proxy signs only the visitor's
 * IP (proxy/client-ip.ts, another label, so one signature is never the other) and relays an
 * allow-list of headers (proxy/api-headers.ts). So the backend can tell "the storefront asks" (it
 * may read a walled store's guest view, use the forms API with the headless API off) from "a
 * visitor asks through the storefront". The storefront keeps guests behind its own wall (gate/).
 */

import { hmacSha256Hex } from './proxy-secret-hmac.ts';

export const STOREFRONT_CALL_HEADER = 'X-Storefront-Call';

/** The header's value at `timestamp` (Unix seconds). */
export async function signStorefrontCall(secret: string, timestamp: number): Promise<string> {
  return `${timestamp}.${await hmacSha256Hex(secret, `storefront-call\n${timestamp}`)}`;
}

/** Marks a backend request as the storefront's own; without a secret nothing is sent (the backend then sees a guest). */
export async function markStorefrontCall(headers: Headers, secret: string | undefined, now = Date.now()): Promise<void> {
  if (secret) headers.set(STOREFRONT_CALL_HEADER, await signStorefrontCall(secret, Math.floor(now / 1000)));
}
