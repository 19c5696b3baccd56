import type { Env } from 'hono';
import { createMiddleware } from 'hono/factory';

/**
 * Guest catalog answers may be cached by browsers and the edge for a minute. Only successful answers
 * are marked; errors must not stick. (Caller-varying answers will switch to private + Vary later.)
 */
export const publicCatalogCache = createMiddleware<Env>(async function publicCatalogCache(c, next) {
  await next();
  if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'public, max-age=60');
});
