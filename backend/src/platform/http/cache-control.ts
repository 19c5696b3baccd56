import type { Env } from 'hono';
import type { AppEnv } from './context.ts';
import { createMiddleware } from 'hono/factory';

/**
 * Guest catalog answers may be cached by browsers and the edge for a minute. Only successful answers
 * are marked; errors must not stick. (Caller-varying answers will switch to private + Vary later.)
 */
export const publicCatalogCache = createMiddleware<Env>(async function publicCatalogCache(c, next) {
  await next();
  if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'public, max-age=60');
});

/**
 * Catalog answers that may differ per caller (DECISIONS.md 20): a signed-in caller's copy is private
 * for a minute; the guest copy stays public. Both vary on Authorization, so no shared cache hands the
 * guest view to a customer or the reverse.
 */
export const callerVaryingCache = createMiddleware<AppEnv>(async function callerVaryingCache(c, next) {
  await next();
  if (!c.res.ok) return;
  c.header('Vary', 'Authorization', { append: true });
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', c.var.caller.kind === 'guest' ? 'public, max-age=60' : 'private, max-age=60');
});

/**
 * Catalog answers that vary per caller only when a module may hide products from some callers (the
 * `catalog.visibility` hook; e.g. category product counts): then as `callerVaryingCache`, else public.
 */
export const catalogVisibilityCache = createMiddleware<AppEnv>(async function catalogVisibilityCache(c, next) {
  await next();
  if (!c.res.ok) return;
  const varies = c.var.hooks.has('catalog.visibility');
  if (varies) c.header('Vary', 'Authorization', { append: true });
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', varies && c.var.caller.kind !== 'guest' ? 'private, max-age=60' : 'public, max-age=60');
});
