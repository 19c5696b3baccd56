/**
 * The visitor's IP for the backend (DECISIONS.md 41). The backend sees the worker's address, so the
 * proxy sends the visitor's in `X-Client-IP`, with `X-Storefront-Timestamp` (Unix seconds) and
 * `X-Storefront-Signature`: the hex HMAC-SHA256 of "storefront-client-ip\n{timestamp}\n{ip}" under
 * STOREFRONT_PROXY_SECRET (Web Crypto). The backend believes the IP only when the signature verifies
 * and is under 60 seconds old (backend/src/platform/http/client-ip.ts does the same computation with
 * node:crypto; both test the same vector). Without a secret nothing is sent and the backend counts
 * the worker's address.
 */

import { hmacSha256Hex } from '../proxy-secret-hmac.ts';

export const CLIENT_IP_HEADER = 'X-Client-IP';
export const TIMESTAMP_HEADER = 'X-Storefront-Timestamp';
export const SIGNATURE_HEADER = 'X-Storefront-Signature';

/** The signature of `ip` at `timestamp` (Unix seconds). */
export async function signClientIp(secret: string, ip: string, timestamp: number): Promise<string> {
  return hmacSha256Hex(secret, `storefront-client-ip\n${timestamp}\n${ip}`);
}

/**
 * Sets the signed visitor IP on the backend request's headers. The address is Cloudflare's
 * `CF-Connecting-IP`, which clients cannot set through the edge; in local `wrangler dev` workerd
 * fills it in from the socket when the request has none. Never a client's X-Forwarded-For.
 */
export async function addSignedClientIp(upstream: Headers, incoming: Headers, secret: string | undefined, now = Date.now()): Promise<void> {
  const ip = incoming.get('CF-Connecting-IP')?.trim();
  if (!secret || !ip) return;
  const timestamp = Math.floor(now / 1000);
  upstream.set(CLIENT_IP_HEADER, ip);
  upstream.set(TIMESTAMP_HEADER, String(timestamp));
  upstream.set(SIGNATURE_HEADER, await signClientIp(secret, ip, timestamp));
}
