import type { Hono } from 'hono';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { z } from 'zod';
import type { AdminEnv } from '../admin/admin-env.ts';
import type { AdminNavItem } from '../admin/nav-item.ts';
import type { AnnotationName, AnnotationPayload } from '../events/annotations.ts';
import type { NotificationName, NotificationPayload } from '../events/notifications.ts';
import type { AppEnv } from '../http/context.ts';
import type { ModuleContext } from './context.ts';
import type { HookMap, HookName } from './hooks.ts';

/** A subscriber to a notification (delivered after commit, at least once): idempotent by `event.id`. */
export type Subscriber<C = unknown, Env = unknown> = {
  [E in NotificationName]: {
    event: E;
    /**
     * Waits this long after the first undelivered event before delivering, and then hands every event of
     * this kind waiting for this subscriber over in one call (a burst of saves becomes one sync).
     */
    batchWindowMs?: number | ((env: Env) => number);
    handle(events: ReadonlyArray<{ id: string; payload: NotificationPayload<E> }>, ctx: ModuleContext<C, Env>): void | Promise<void>;
  };
}[NotificationName];

/** An annotation runs inside the request, once per response, and shapes its answer. */
export type Annotator<C = unknown, Env = unknown> = {
  [A in AnnotationName]: { annotation: A; handle(payload: AnnotationPayload<A>, ctx: ModuleContext<C, Env>): void | Promise<void> };
}[AnnotationName];

/** A core extension point: veto by throwing an AppError, or contribute a decision by setting a field of the input. */
export type HookRegistration<C = unknown, Env = unknown> = {
  [H in HookName]: { hook: H; handle(input: HookMap[H], ctx: ModuleContext<C, Env>): void | Promise<void> };
}[HookName];

/** The core grids modules may extend. */
export type AdminGrid = 'customers';

/** A column added to a core grid: its cells for one page of rows, read in one query. */
export interface GridColumn<C = unknown, Env = unknown> {
  grid: AdminGrid;
  title: string;
  cells(rowIds: readonly number[], ctx: ModuleContext<C, Env>): Promise<Map<number, string>>;
}

/** A per-row button on a core grid: POSTs to `/admin/<module id><path>` with the row id in `id`. */
export interface GridAction {
  grid: AdminGrid;
  label: string;
  path: string;
  /** Whether the row offers the action (e.g. only pending customers can be approved). */
  appliesTo?(row: { id: number; approvalStatus?: string }): boolean;
  /** A destructive action (its handler asks first): drawn as dangerous so it does not look like Save. */
  danger?: boolean;
}

/** A section a module adds to the admin's page of one customer (e.g. the approval history, a trade application). */
export interface CustomerPanel<C = unknown, Env = unknown> {
  title: string;
  /** The section's HTML (hono's html``: values escaped); `csrfToken` for any form it holds. */
  render(customerId: number, ctx: ModuleContext<C, Env>, page: { csrfToken: string }): Promise<HtmlEscapedString>;
}

/** A card on the admin dashboard. */
export interface DashboardCard<C = unknown, Env = unknown> {
  title: string;
  /** A short figure or sentence, e.g. "3 applications waiting". */
  value(ctx: ModuleContext<C, Env>): Promise<string>;
  /** Path under /admin the card links to. */
  href?: string;
}

/** A scheduled job; `cron` reads the module's configuration (blank: not scheduled). One process runs each slot. */
export interface ScheduledJob<C, Env> {
  name: string;
  cron(config: C): string;
  run(ctx: ModuleContext<C, Env>): Promise<void>;
}

/** The module's public discovery endpoint, `GET /api/rest/v2/b2b/<code>/config` (DECISIONS.md 26, 44). */
export interface Discovery<C, Env> {
  code: 'access' | 'approval' | 'forms' | 'registration' | (string & {});
  /**
   * What the storefront may know: nothing secret, nothing admin-only. May be async (B2B Access reads
   * its rules); everything configuration-dependent comes from `config`, not `ctx.config()`, so an
   * answer can be computed for a configuration before it is stored (guest-view-change.ts).
   */
  answer(config: C, ctx: ModuleContext<C, Env>): unknown;
}

/**
 * A module (ARCHITECTURE.md "Backend rules"): a folder with an index.ts exporting this. The core
 * applies its migrations, stores its configuration, mounts its routes and delivers its events; a module
 * that is not loaded leaves no table, route, page or link.
 */
export interface ModuleDefinition<C = unknown, Env = unknown> {
  /** kebab-case: route segment, audit and event namespace. */
  id: string;
  /** Title in the admin (navigation, configuration page). */
  title: string;
  /** Folder of the module's drizzle migrations, applied only when the module is loaded (see migrations.ts). */
  migrations?: string;
  /** The configuration: one zod object with defaults; the core stores, validates and renders it (config-store.ts). */
  config?: z.ZodType<C>;
  /** Environment variables the module reads, parsed once when the app starts (never at import). */
  env?: z.ZodType<Env>;
  routes?: {
    /** Mounted at /api/rest/v2 at the paths it declares (no automatic prefix; DECISIONS.md 26). */
    api?: Hono<AppEnv>;
    /** Mounted at /api/rest/v2/admin/<id>; every route needs an admin token. */
    adminApi?: Hono<AppEnv>;
    /** Admin pages under /admin/<id>, behind the admin session and CSRF check. */
    admin?: Hono<AdminEnv>;
    /** Mounted at the site root at the paths it declares (e.g. /plugins/<id>.js, /customforms/form/submit). */
    public?: Hono<AppEnv>;
  };
  discovery?: Discovery<C, Env>;
  annotations?: Annotator<C, Env>[];
  subscribers?: Subscriber<C, Env>[];
  hooks?: HookRegistration<C, Env>[];
  jobs?: ScheduledJob<C, Env>[];
  /**
   * Writes the module's part of the demo shop (its configuration, rules…) when `npm start` seeds an empty
   * database, so a newcomer sees the module working. Runs once, in one transaction (`ctx.db`) with every
   * module's demo; `configure` stores (part of) the module's configuration, validated as the API does.
   */
  demo?(ctx: ModuleContext<C, Env>, seed: { configure(patch: unknown): Promise<void> }): Promise<void>;
  admin?: {
    nav?: AdminNavItem[];
    gridColumns?: GridColumn<C, Env>[];
    gridActions?: GridAction[];
    customerPanels?: CustomerPanel<C, Env>[];
    dashboardCard?: DashboardCard<C, Env>;
    /**
     * What became of the admin's latest save beyond the backend (the storefront connector's sync): `path`
     * (under the module's admin routes) answers JSON `{ state: 'pending' | 'success' | 'failed', message }`
     * for the saves made since `?since=` (epoch ms); `log` is the page with the details. The shell shows
     * it under the flash of pages whose saves reach the storefront.
     */
    saveStatus?: { path: string; log: string };
    /**
     * Text an editor can insert into the content fields that take it (a CMS page's content): the
     * Custom Forms module offers one directive per active form. Read per page view.
     */
    snippets?: (ctx: ModuleContext<C, Env>) => Promise<EditorSnippet[]>;
  };
}

/** A piece of text the editor inserts at the cursor, under a label. */
export interface EditorSnippet {
  label: string;
  text: string;
}

const moduleId = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Checks the definition once, at startup, so a malformed module fails loudly rather than half-loading. */
export function defineModule<C = unknown, Env = unknown>(definition: ModuleDefinition<C, Env>): ModuleDefinition<C, Env> {
  if (!moduleId.test(definition.id)) throw new Error(`Module id "${definition.id}" must be kebab-case.`);
  for (const item of definition.admin?.nav ?? []) {
    if (!item.path.startsWith(`/${definition.id}`)) throw new Error(`Admin page ${item.path} of module ${definition.id} must live under /${definition.id}.`);
  }
  if (definition.jobs?.length && !definition.config) throw new Error(`Module ${definition.id} schedules jobs from its configuration, so it needs a config schema.`);
  return definition;
}

/**
 * A module in a list of modules of different configuration types. Each definition is type-checked
 * where it is written (defineModule); zod schemas are invariant in their output type, so no common
 * non-`any` type holds them all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModule = ModuleDefinition<any, any>;
