import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The caller's address for throttling. X-Forwarded-For is believed only when the operator says a
 * trusted proxy sits in front (TRUST_PROXY), since any client can send the header. Requests made in
 * process (tests, app.request) have no socket and count as one "local" caller.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket.remoteAddress ?? 'local';
}
