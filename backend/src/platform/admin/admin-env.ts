import type { HttpBindings } from '@hono/node-server';
import type { AdminNavItem } from './nav-item.ts';
import type { AppVariables } from '../http/context.ts';

export interface AdminUser {
  id: number;
  email: string;
}

/** Admin pages see the signed-in admin, the session's CSRF token and the navigation (core + modules). */
export interface AdminEnv {
  Bindings: Partial<HttpBindings>;
  Variables: AppVariables & { admin: AdminUser; csrfToken: string; adminNav: AdminNavItem[] };
}
