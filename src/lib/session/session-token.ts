/**
 * The signed value of the storefront's session cookie (DECISIONS.md 31): what a page needs to render
 * a signed-in customer's view without asking anyone: their access token (the "token reference" the
 * backend reads their prices and visibility from), their customer group (the only part of a session
 * that may split a shared cache) and the first name the header greets them with.
 *
 * Format: `v1.<base64url(JSON)>.<base64url(HMAC-SHA256)>` under SESSION_SECRET. The cookie is
 * HttpOnly, so no script can read the token; the signature means a shopper cannot change their group.
 * Verification uses crypto.subtle.verify, which compares in constant time.
 */
import { z } from 'zod';
import { fromBase64Url, toBase64Url } from '../http/cookies.ts';

/** Shortest secret accepted: below this a session could be forged by guessing (fail closed). */
export const MIN_SESSION_SECRET_LENGTH = 32;

const sessionSchema = z.object({
  /** The customer's access token (a JWT of the backend). */
  token: z.string().min(1).max(4096),
  /** Customer group id as the backend last confirmed it. */
  groupId: z.number().int().min(0),
  /** For the header ("Signed in as …"); never part of any cache key. */
  firstName: z.string().max(200),
  /** Epoch ms: the access token's expiry; the session ends with it. */
  expiresAt: z.number().int(),
  /** Epoch ms: when the backend last confirmed the group (see session-step.ts). */
  checkedAt: z.number().int(),
});

export type Session = z.infer<typeof sessionSchema>;

const VERSION = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** One imported key per secret and isolate: importKey is the slow part. */
let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (cachedKey?.secret !== secret) {
    // A fixed context string keeps this key distinct from any other use of the same secret.
    const raw = encoder.encode(`storefront-session:${VERSION}:${secret}`);
    cachedKey = { secret, key: crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) };
  }
  return cachedKey.key;
}

function usableSecret(secret: string | undefined): secret is string {
  return secret !== undefined && secret.length >= MIN_SESSION_SECRET_LENGTH;
}

/** The cookie value of a session; throws without a usable secret (callers check first). */
export async function sealSession(secret: string | undefined, session: Session): Promise<string> {
  if (!usableSecret(secret)) throw new Error(`SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters`);
  const payload = `${VERSION}.${toBase64Url(encoder.encode(JSON.stringify(sessionSchema.parse(session))))}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload));
  return `${payload}.${toBase64Url(signature)}`;
}

/**
 * The session a cookie value carries, or null when it is not one of ours, was altered, has expired,
 * or there is no usable secret (then nobody is signed in as far as pages know: fail closed).
 */
export async function openSession(secret: string | undefined, value: string, now: number = Date.now()): Promise<Session | null> {
  if (!usableSecret(secret)) return null;
  const [version, body, signature, ...rest] = value.split('.');
  if (version !== VERSION || !body || !signature || rest.length > 0) return null;
  const signatureBytes = fromBase64Url(signature);
  const bodyBytes = fromBase64Url(body);
  if (!signatureBytes || !bodyBytes) return null;
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signatureBytes, encoder.encode(`${version}.${body}`));
  if (!valid) return null;
  const parsed = sessionSchema.safeParse(parseJson(decoder.decode(bodyBytes)));
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Signed by us, so this cannot happen short of a change of format; treated as no session.
    return undefined;
  }
}
