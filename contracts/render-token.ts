/**
 * The Custom Forms render token (DECISIONS.md 18, 36): `{issuedAt}.{signature}`, where issuedAt is
 * Unix seconds and the signature is the base64url HMAC-SHA256 of "custom-form\n{formCode}\n{issuedAt}"
 * under STOREFRONT_PROXY_SECRET. The backend issues and verifies it; the storefront signs a fresh one
 * into every cached page that holds a form, so both sides use this one module (Web Crypto: Node and
 * workerd alike).
 */

const encoder = new TextEncoder();
/** Spelt from the global so the file type-checks with Node's types and the Workers' alike. */
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keys = new Map<string, Promise<HmacKey>>();

function hmacKey(secret: string): Promise<HmacKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

const message = (formCode: string, issuedAt: number) => encoder.encode(`custom-form\n${formCode}\n${issuedAt}`);

function toBase64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A token for `formCode` issued at `now` (milliseconds). */
export async function signRenderToken(secret: string, formCode: string, now: number): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), message(formCode, issuedAt));
  return `${issuedAt}.${toBase64Url(signature)}`;
}

/** When the token was issued (Unix seconds), or null when it is malformed or not this form's. */
export async function verifyRenderToken(secret: string, formCode: string, token: string): Promise<number | null> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const signature = fromBase64Url(match[2]!);
  if (!signature) return null;
  // subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, message(formCode, issuedAt));
  return valid ? issuedAt : null;
}
