import { createHmac, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { maxSignatureAgeSeconds, minProxySecretLength } from './client-ip.ts';

/**
 * The storefront's own server-to-server calls (DECISIONS.md 49, 51): its sync, the stub and freshness
 * refetches, the forms it renders and the form posts it forwards. They carry `X-Storefront-Call:
 * {timestamp}.{hex HMAC-SHA256 of "storefront-call\n{timestamp}"}` under STOREFRONT_PROXY_SECRET
 * (src/lib/storefront-call.ts signs it with Web Crypto).
 *
 * Why a second signature rather than the visitor's IP signature (client-ip.ts): the `/api/*` proxy
 * signs every visitor's IP, so that signature proves only where a visitor is, never that the
 * storefront itself is asking. This one signs another label, which no IP signature can be turned
 * into, and the proxy never adds it (nor relays it: its headers are an allow-list). The header only
 * travels between the worker and the backend; 60 seconds bound a replay of one that leaked.
 * The timestamp travels in the same header so the two signatures never share a field.
 */
export const storefrontCallHeader = 'x-storefront-call';

const maxClockAheadSeconds = 10;

/** The signed text: a label that no other signature of the shared secret uses, and the time. */
export function storefrontCallSignatureBase(timestamp: number): string {
  return `storefront-call\n${timestamp}`;
}

function callDigest(secret: string, timestamp: number): Buffer {
  return createHmac('sha256', secret).update(storefrontCallSignatureBase(timestamp)).digest();
}

/** The header value the storefront sends; also used by tests. */
export function signStorefrontCall(secret: string, timestamp: number): string {
  return `${timestamp}.${callDigest(secret, timestamp).toString('hex')}`;
}

/** Whether the header value is a fresh, valid storefront call signature (constant-time compare). */
export function isStorefrontCall(value: string | undefined, secret: string, nowMs: number): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(value?.trim().toLowerCase() ?? '');
  if (!match) return false;
  const timestamp = Number(match[1]);
  const age = nowMs / 1000 - timestamp;
  if (age >= maxSignatureAgeSeconds || age < -maxClockAheadSeconds) return false;
  return timingSafeEqual(callDigest(secret, timestamp), Buffer.from(match[2]!, 'hex'));
}

export interface StorefrontCallOptions {
  /** STOREFRONT_PROXY_SECRET; without it no request counts as the storefront's own. */
  proxySecret?: string;
  now?: () => number;
}

/** Sets `c.var.fromStorefront`: the request is the storefront's own call, not a visitor's. */
export function recogniseStorefrontCalls(options: StorefrontCallOptions = {}) {
  const { proxySecret, now = Date.now } = options;
  if (proxySecret !== undefined && proxySecret.length < minProxySecretLength) {
    throw new Error(`The storefront proxy secret must be at least ${minProxySecretLength} characters.`);
  }
  return createMiddleware<AppEnv>(async function recogniseStorefrontCalls(c, next) {
    c.set('fromStorefront', proxySecret !== undefined && isStorefrontCall(c.req.header(storefrontCallHeader), proxySecret, now()));
    await next();
  });
}
