import type { AuditDiff } from '../audit/config-diff.ts';
import type { AuditEntry } from '../audit/entries-about.ts';
import type { AuditActor } from '../audit/service.ts';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/database.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { NotificationName, NotificationPayload } from '../events/notifications.ts';
import type { CartReads } from '../../domains/carts/module-reads.ts';
import type { CatalogReads } from '../../domains/catalog/module-reads.ts';
import type { CmsForModules } from '../../domains/cms/module-access.ts';
import type { CustomerReads } from '../../domains/customers/module-reads.ts';
import type { OrderReads } from '../../domains/orders/module-reads.ts';
import type { StoreReads } from '../../domains/stores/module-reads.ts';
import type { HookRegistry } from './hooks.ts';

/** Who made a change, for the audit log: an admin, or the system itself. */
export type Actor = AuditActor;

export interface ModuleLog {
  info(message: string): void;
  error(message: string, cause?: unknown): void;
}

/**
 * What every route handler, subscriber, annotation, hook and job of a module receives. Modules keep no
 * state of their own: what they need lives in the database or comes through here.
 */
export interface ModuleContext<C = unknown, E = unknown> {
  moduleId: string;
  /** The database, or the transaction the core has open when a hook or annotation runs inside one. */
  db: Db;
  /** The module's validated configuration (cached for a few seconds; a change made here shows at once). */
  config(): Promise<C>;
  /** The module's environment variables, parsed once when the app started. */
  env: E;
  /**
   * Writes the email to the outbox through `db`, so it is sent only if the change commits;
   * `storefrontUrl` makes a link to the store's public storefront (emails link there, DECISIONS.md 38).
   */
  mailer: { send(message: MailMessage): Promise<void>; storefrontUrl(path: string, storeCode?: string): string };
  /**
   * The core's hooks, for a module that drives a core service outside a request (a subscriber creating
   * an account with createCustomer, a status change with changeCustomerStatus): the other modules take
   * part as they would in a request.
   */
  hooks: HookRegistry;
  events: { publish<N extends NotificationName>(event: N, payload: NotificationPayload<N>): Promise<void> };
  audit: {
    record(entry: { action: string; subject?: string; diff?: AuditDiff }): Promise<void>;
    /** Every entry about a subject (any module's and the core's), oldest first, or the newest `limit` first. */
    about(subject: string, order?: { newest: number } | 'oldest-first'): Promise<AuditEntry[]>;
  };
  /**
   * The core's data, read (and, for a demo's CMS pages, written) through the domains that own it, on
   * `db`: a module never queries a core table itself (eslint.config.js), so a domain can change its
   * tables without breaking a module.
   */
  catalog: CatalogReads;
  customers: CustomerReads;
  stores: StoreReads;
  carts: CartReads;
  orders: OrderReads;
  cms: CmsForModules;
  log: ModuleLog;
  clock(): Date;
  /** Aborted when the app stops: long waits (retries) end early. */
  signal: AbortSignal;
  /**
   * Runs `work` in a transaction with a context bound to it (same module, same actor): its writes,
   * audit entries, emails and notifications commit together or not at all.
   */
  transaction<T>(work: (ctx: ModuleContext<C, E>) => Promise<T>): Promise<T>;
}

/** What builds contexts: the module platform of the running app. */
export interface ContextSource {
  context(moduleId: string, scope: { db?: Db; actor?: Actor }): ModuleContext;
}

/** What a request's context holds that these helpers read (API and admin page contexts alike). */
interface RequestVars {
  var: { caller?: Caller; admin?: { id: number; email: string }; modules: ContextSource };
}

/** The actor of a request: the admin signed in to the panel, or holding an admin token. */
export function actorOf(c: RequestVars): Actor {
  const admin = c.var.admin;
  if (admin) return { id: admin.id, email: admin.email };
  const caller = c.var.caller;
  if (caller?.kind === 'admin') return { id: caller.adminId, email: caller.email };
  return 'system';
}

/**
 * The typed context accessor of one module, for its route handlers:
 * `const contextOf = moduleContext<Config, Env>('my-module')`, then `contextOf(c)` in a handler.
 */
export function moduleContext<C, E = unknown>(moduleId: string) {
  return (c: RequestVars): ModuleContext<C, E> => c.var.modules.context(moduleId, { actor: actorOf(c) }) as ModuleContext<C, E>;
}
