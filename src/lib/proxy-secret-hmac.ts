/**
 * HMAC-SHA256 under STOREFRONT_PROXY_SECRET, as hex: the one computation behind both signatures the
 * storefront sends the backend (proxy/client-ip.ts, the visitor's IP; storefront-call.ts, its own
 * calls). Each signs a message with a label of its own, so one signature is never the other.
 */
import { hexOf } from './hex.ts';

const encoder = new TextEncoder();
/** One imported key per secret and isolate: importKey is the slow part. */
let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) };
  }
  return cachedKey.key;
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message));
  return hexOf(signature);
}
