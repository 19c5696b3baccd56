import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/context.ts';
import { requireAdmin } from './resolve-caller.ts';

/** The admin REST API (DECISIONS.md 25) as middleware: every route behind it needs an admin token. */
export const requireAdminToken = createMiddleware<AppEnv>(async function requireAdminToken(c, next) {
  requireAdmin(c.var.caller);
  await next();
});
