/**
 * Bytes as lowercase hex, and SHA-256 of a text in hex: the one spelling behind content hashes and
 * the pulse (sync), entity tags (edge cache), the proxy's HMAC signatures and MCP's idempotency
 * keys. A table, not a string and a padding per byte: a 10,000-product sync hashes 22,000 records
 * (the per-byte spelling was about a second of it), and tags and signatures are made per request.
 */

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const encoder = new TextEncoder();

export function hexOf(bytes: ArrayBuffer | Uint8Array): string {
  let hex = '';
  for (const byte of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) hex += HEX[byte];
  return hex;
}

export async function sha256Hex(text: string): Promise<string> {
  return hexOf(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}
