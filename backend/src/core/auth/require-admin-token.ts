import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';

/**
 * The admin REST API (DECISIONS.md 25): an admin access token (password grant with scope=admin) or
 * nothing. No token is 401; a customer's or API client's token is 403.
 */
export const requireAdminToken = createMiddleware<AppEnv>(async function requireAdminToken(c, next) {
  const caller = c.var.caller;
  if (caller.kind === 'guest') {
    throw new AppError('unauthorized', 'admin_token_required', 'Send an admin access token: "Authorization: Bearer <token>" (password grant with scope=admin).', undefined, {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  if (caller.kind !== 'admin' || !caller.scope.includes('admin')) throw new AppError('forbidden', 'admin_scope_required', 'This needs a token with the admin scope.');
  await next();
});
