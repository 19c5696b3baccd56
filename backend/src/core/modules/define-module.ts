import type { Hono } from 'hono';
import type { AdminEnv } from '../admin/admin-env.ts';
import type { Db } from '../db/database.ts';
import type { EventMap, EventName } from '../events/event-map.ts';
import type { AppEnv } from '../http/context.ts';
import type { HookMap, HookName } from './hooks.ts';

export type Subscriber = { [E in EventName]: { event: E; handle(payload: EventMap[E]): void | Promise<void> } }[EventName];
export type HookRegistration = { [H in HookName]: { hook: H; handle(input: HookMap[H]): void | Promise<void> } }[HookName];

/** A link in the admin navigation; `slot` lets a module take over a page the shell reserves (e.g. "storefront"). */
export interface AdminNavItem {
  title: string;
  /** Path under /admin, e.g. "/b2b-access/rules". */
  path: string;
  section: 'Catalog' | 'Customers' | 'Sales' | 'Stores' | 'System';
  slot?: 'storefront';
}

/** What a module gets when the app starts it. */
export interface ModuleContext {
  db: Db;
}

/**
 * A module as described in ARCHITECTURE.md. Its tables live in its own `src/modules/<id>/tables.ts`,
 * which drizzle.config.ts lists next to the core schema, so drizzle-kit generates their migrations with the core's.
 */
export interface ModuleDefinition {
  /** kebab-case; also the route segment: API routes mount at /api/rest/v2/<id>... as the module declares them, admin at /admin/<id>. */
  id: string;
  routes?: { api?: Hono<AppEnv>; admin?: Hono<AdminEnv> };
  subscribers?: Subscriber[];
  hooks?: HookRegistration[];
  adminPages?: AdminNavItem[];
  /**
   * Called once when the app is built, before any request: a module with background work (timers,
   * schedules) starts it here, since subscribers only see event payloads.
   */
  start?(context: ModuleContext): void;
  /** Called on server shutdown, before the database closes: stop timers and wait for work in flight. */
  stop?(): Promise<void>;
}

const moduleId = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Checks the definition once, at startup, so a malformed module fails loudly rather than half-loading. */
export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  if (!moduleId.test(definition.id)) throw new Error(`Module id "${definition.id}" must be kebab-case.`);
  for (const page of definition.adminPages ?? []) {
    if (!page.path.startsWith(`/${definition.id}`)) throw new Error(`Admin page ${page.path} of module ${definition.id} must live under /${definition.id}.`);
  }
  return definition;
}
