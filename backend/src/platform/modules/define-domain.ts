import type { Hono } from 'hono';
import type { AdminEnv } from '../admin/admin-env.ts';
import type { AdminNavItem } from '../admin/nav-item.ts';

/**
 * A router of any environment: the domains' routers extend the app's (a store's routes add the store
 * view), and Hono's route() accepts each as it is; their handlers are type-checked where they are written.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouter = Hono<any, any, any>;

/** A group of admin pages mounted under /admin<path>, behind the admin session and CSRF check. */
export interface AdminPages {
  /** Where under /admin, e.g. `/products`. */
  path: string;
  pages: Hono<AdminEnv>;
}

/**
 * What a core domain (or a part of the platform with routes of its own) adds to the app, declared
 * the way a module declares its routes (define-module.ts): the app mounts every declaration with one
 * loop (mount-domains.ts, platform/admin/mount.ts), so nothing about a domain is wired in app.ts.
 * Each router resolves its own paths (a literal such as /new before the parameter /:id), so the order
 * in which domains are mounted decides no request.
 */
export interface DomainDefinition {
  /** kebab-case; names the domain in a route clash. */
  id: string;
  /** Mounted at the site root at the paths they declare (/health, /media/…). */
  public?: AnyRouter[];
  /** Mounted at /api/rest/v2 at the paths they declare; admin routes check the admin token themselves. */
  api?: AnyRouter[];
  adminPages?: AdminPages[];
  nav?: AdminNavItem[];
}

const domainId = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Checks the declaration once, at startup: a link to a page the domain does not mount is a mistake. */
export function defineDomain(definition: DomainDefinition): DomainDefinition {
  if (!domainId.test(definition.id)) throw new Error(`Domain id "${definition.id}" must be kebab-case.`);
  const mounted = (definition.adminPages ?? []).map((group) => group.path);
  for (const item of definition.nav ?? []) {
    if (!mounted.some((path) => item.path === path || item.path.startsWith(`${path}/`))) {
      throw new Error(`Admin link ${item.path} of domain ${definition.id} leads to no page it mounts.`);
    }
  }
  return definition;
}
