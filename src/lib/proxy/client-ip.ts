/**
 * The visitor's IP for the backend (DECISIONS.md 41). The backend sees the worker's address, so the
 * proxy sends the visitor's in `X-Client-IP`, with `X-Storefront-Timestamp` (Unix seconds) and
 * `X-Storefront-Signature`: the hex HMAC-SHA256 of "storefront-client-ip\n{timestamp}\n{ip}" under
 * STOREFRONT_PROXY_SECRET (Web Crypto). The backend believes the IP only when the signature verifies
 * and is under 60 seconds old (backend/src/core/http/client-ip.ts does the same computation with
 * node:crypto; both test the same vector). Without a secret nothing is sent and the backend counts
 * the worker's address.
 */

export const CLIENT_IP_HEADER = 'X-Client-IP';
export const TIMESTAMP_HEADER = 'X-Storefront-Timestamp';
export const SIGNATURE_HEADER = 'X-Storefront-Signature';

const encoder = new TextEncoder();
/** One imported key per secret and isolate: importKey is the slow part. */
let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) };
  }
  return cachedKey.key;
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** The signature of `ip` at `timestamp` (Unix seconds). */
export async function signClientIp(secret: string, ip: string, timestamp: number): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`storefront-client-ip\n${timestamp}\n${ip}`));
  return toHex(signature);
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
