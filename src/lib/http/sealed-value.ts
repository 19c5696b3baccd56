/**
 * Values the storefront hands a browser and must get back unaltered (the session cookie, a form's
 * outcome after a redirect): `v1.<base64url(JSON)>.<base64url(HMAC-SHA256)>`. Each use names its own
 * context, mixed into the key, so a value sealed for one use never opens as another under the same
 * secret. Opening checks the signature with crypto.subtle.verify (constant time) and the shape with
 * the use's schema; anything else is null.
 */
import type { z } from 'zod';
import { fromBase64Url, toBase64Url } from './cookies.ts';

const VERSION = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface Sealer<T> {
  seal(secret: string, value: T): Promise<string>;
  open(secret: string, sealed: string): Promise<T | null>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Signed by us, so only a change of format gets here; treated as nothing sealed.
    return undefined;
  }
}

export function sealer<T>(context: string, schema: z.ZodType<T>): Sealer<T> {
  /** One imported key per secret and isolate: importKey is the slow part. */
  let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;
  const hmacKey = (secret: string) => {
    if (cachedKey?.secret !== secret) {
      const raw = encoder.encode(`${context}:${VERSION}:${secret}`);
      cachedKey = { secret, key: crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) };
    }
    return cachedKey.key;
  };

  return {
    async seal(secret, value) {
      const payload = `${VERSION}.${toBase64Url(encoder.encode(JSON.stringify(schema.parse(value))))}`;
      const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload));
      return `${payload}.${toBase64Url(signature)}`;
    },
    async open(secret, sealed) {
      const [version, body, signature, ...rest] = sealed.split('.');
      if (version !== VERSION || !body || !signature || rest.length > 0) return null;
      const signatureBytes = fromBase64Url(signature);
      const bodyBytes = fromBase64Url(body);
      if (!signatureBytes || !bodyBytes) return null;
      const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signatureBytes, encoder.encode(`${version}.${body}`));
      if (!valid) return null;
      const parsed = schema.safeParse(parseJson(decoder.decode(bodyBytes)));
      return parsed.success ? parsed.data : null;
    },
  };
}
