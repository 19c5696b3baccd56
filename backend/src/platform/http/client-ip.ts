import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';

/**
 * The visitor's IP (DECISIONS.md 41). Shoppers reach the backend through the storefront's `/api/*`
 * proxy, so the socket address is the worker's. The storefront therefore sends the visitor's address
 * (Cloudflare's CF-Connecting-IP) in X-Client-IP with X-Storefront-Timestamp (Unix seconds) and
 * X-Storefront-Signature, the hex HMAC-SHA256 of {@link clientIpSignatureBase} under
 * STOREFRONT_PROXY_SECRET (src/lib/proxy/client-ip.ts signs it with Web Crypto). The forwarded IP is
 * believed only when the signature verifies (constant-time) and is under 60 seconds old; otherwise,
 * and for everyone who calls the backend directly, the socket address counts. X-Forwarded-For is
 * never read: any client can send it.
 */
export const clientIpHeader = 'x-client-ip';
export const storefrontTimestampHeader = 'x-storefront-timestamp';
export const storefrontSignatureHeader = 'x-storefront-signature';

/** How old a signature may be; a few seconds of clock difference the other way are tolerated. */
export const maxSignatureAgeSeconds = 60;
const maxClockAheadSeconds = 10;
/** The shortest secret the middleware accepts (npm start generates 43 characters). */
export const minProxySecretLength = 32;

/** The signed text: a label (the key signs nothing else in this form), the timestamp and the IP. */
export function clientIpSignatureBase(ip: string, timestamp: number): string {
  return `storefront-client-ip\n${timestamp}\n${ip}`;
}

/** The signature the storefront sends (hex HMAC-SHA256); also used by tests. */
export function signClientIp(secret: string, ip: string, timestamp: number): string {
  return createHmac('sha256', secret).update(clientIpSignatureBase(ip, timestamp)).digest('hex');
}

/** The forwarded IP when its signature verifies and is fresh; undefined otherwise. */
export function verifiedClientIp(header: (name: string) => string | undefined, secret: string, nowMs: number): string | undefined {
  const ip = header(clientIpHeader)?.trim();
  const timestampText = header(storefrontTimestampHeader)?.trim();
  const signature = header(storefrontSignatureHeader)?.trim().toLowerCase();
  if (!ip || !timestampText || !signature || isIP(ip) === 0 || !/^\d{1,12}$/.test(timestampText) || !/^[0-9a-f]{64}$/.test(signature)) return undefined;
  const timestamp = Number(timestampText);
  const age = nowMs / 1000 - timestamp;
  if (age >= maxSignatureAgeSeconds || age < -maxClockAheadSeconds) return undefined;
  const expected = Buffer.from(signClientIp(secret, ip, timestamp), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? ip : undefined;
}

/** "::ffff:203.0.113.7" (an IPv4 peer on a dual-stack socket) is 203.0.113.7. */
function normalise(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export interface ClientIpOptions {
  /** STOREFRONT_PROXY_SECRET; without it no forwarded IP is believed. */
  proxySecret?: string;
  now?: () => number;
}

/**
 * Resolves the caller's IP once per request into `c.var.clientIp`. A verified signature proves only
 * the visitor's address, never that the storefront itself asks (that is storefront-call.ts).
 * Requests made in process (tests, app.request) have no socket and count as one "local" caller.
 */
export function resolveClientIp(options: ClientIpOptions = {}) {
  const { proxySecret, now = Date.now } = options;
  if (proxySecret !== undefined && proxySecret.length < minProxySecretLength) {
    throw new Error(`The storefront proxy secret must be at least ${minProxySecretLength} characters.`);
  }
  return createMiddleware<AppEnv>(async function resolveClientIp(c, next) {
    const forwarded = proxySecret === undefined ? undefined : verifiedClientIp((name) => c.req.header(name), proxySecret, now());
    c.set('clientIp', forwarded ?? normalise(c.env?.incoming?.socket.remoteAddress ?? 'local'));
    await next();
  });
}

/** The caller's IP as resolved for this request (sign-in throttles and other limits key on it). */
export function clientIp(c: Context<AppEnv>): string {
  return c.var.clientIp;
}
