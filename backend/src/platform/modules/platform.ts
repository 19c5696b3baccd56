import type { z } from 'zod';
import { cartReads } from '../../domains/carts/module-reads.ts';
import { catalogReads } from '../../domains/catalog/module-reads.ts';
import { cmsForModules } from '../../domains/cms/module-access.ts';
import { customerReads } from '../../domains/customers/module-reads.ts';
import { orderReads } from '../../domains/orders/module-reads.ts';
import { storeReads } from '../../domains/stores/module-reads.ts';
import { auditEntriesAbout } from '../audit/entries-about.ts';
import { recordAudit } from '../audit/service.ts';
import { secretKeyFrom, type KeyMaterial } from '../crypto/secret-box.ts';
import type { Db } from '../db/database.ts';
import { Annotations } from '../events/annotations.ts';
import { Notifications, type DeliveryOptions } from '../events/notifications.ts';
import { ConfigStore, type ConfigSpec } from './config-store.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Actor, ContextSource, ModuleContext } from './context.ts';
import type { AnyModule } from './define-module.ts';
import { HookRegistry } from './hooks.ts';
import { ScheduledRun } from './jobs.ts';

// Every request reads the platform as `c.var.modules`. Declared here rather than in http/context.ts: a
// module's definition names the request env, so the env naming the platform would close a type cycle.
declare module '../http/context.ts' {
  interface AppVariables {
    /** The loaded modules: their contexts and configurations. */
    modules: ModulePlatform;
  }
}

export interface PlatformServices {
  db: Db;
  /** The process environment, for the modules' `env` schemas and the secrets' key. */
  env: Record<string, string | undefined> & KeyMaterial;
  mailer: Mailer;
  log(message: string, cause?: unknown): void;
  clock(): Date;
  notifications?: Omit<DeliveryOptions, 'log'>;
}

function parseEnv(module: AnyModule, env: Record<string, string | undefined>): unknown {
  if (!module.env) return {};
  const parsed = (module.env as z.ZodType).safeParse(env);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  throw new Error(`Invalid environment for module ${module.id}: ${issues}`);
}

/**
 * The loaded modules of one app, wired once: their contexts, configurations, hooks, annotations,
 * notification subscribers and scheduled jobs. The app holds it; nothing lives in module-level state.
 */
export class ModulePlatform implements ContextSource {
  readonly modules: readonly AnyModule[];
  readonly hooks = new HookRegistry();
  readonly annotations = new Annotations();
  readonly notifications: Notifications;
  readonly configs: ConfigStore;
  readonly #services: PlatformServices;
  readonly #envs = new Map<string, unknown>();
  readonly #jobs = new Map<string, { module: AnyModule; run: ScheduledRun; cron: (config: unknown) => string }>();
  readonly #abort = new AbortController();

  constructor(modules: readonly AnyModule[], services: PlatformServices) {
    const seen = new Set<string>();
    for (const module of modules) {
      if (seen.has(module.id)) throw new Error(`Module ${module.id} is listed twice.`);
      seen.add(module.id);
    }
    this.modules = modules;
    this.#services = services;
    const specs = new Map<string, ConfigSpec>();
    for (const module of modules) {
      this.#envs.set(module.id, parseEnv(module, services.env));
      if (module.config) specs.set(module.id, { schema: module.config, key: secretKeyFrom(services.env, module.id) });
    }
    this.configs = new ConfigStore(specs);

    for (const module of modules) {
      // Each entry pairs a name with its own payload type (checked where the module is written); TypeScript
      // cannot follow that pairing through a union, hence `never` here and nowhere else.
      for (const hook of module.hooks ?? []) this.hooks.register(hook.hook, (input, db) => hook.handle(input as never, this.context(module.id, { db })));
      for (const annotator of module.annotations ?? []) this.annotations.add(annotator.annotation, (payload, db) => Promise.resolve(annotator.handle(payload as never, this.context(module.id, { db }))));
      for (const job of module.jobs ?? []) {
        const name = `${module.id}/${job.name}`;
        const run = new ScheduledRun(name, services.db, async () => {
          try {
            await job.run(this.context(module.id, {}));
          } catch (error) {
            services.log(`${name}: the scheduled job failed`, error);
          }
        });
        this.#jobs.set(name, { module, run, cron: job.cron });
      }
    }
    const deliveries = modules.flatMap((module) => {
      const events = (module.subscribers ?? []).map((s) => s.event);
      const twice = events.find((event, i) => events.indexOf(event) !== i);
      if (twice) throw new Error(`Module ${module.id} subscribes to ${twice} twice; handle it in one subscriber.`);
      return (module.subscribers ?? []).map((subscriber) => ({
        subscriber: module.id,
        event: subscriber.event,
        batchWindowMs: typeof subscriber.batchWindowMs === 'function' ? subscriber.batchWindowMs(this.#envs.get(module.id)) : (subscriber.batchWindowMs ?? 0),
        deliver: async (events: { id: string; payload: unknown }[]) => subscriber.handle(events as never, this.context(module.id, {})),
      }));
    });
    this.notifications = new Notifications(services.db, deliveries, { ...services.notifications, log: services.log });
  }

  has(moduleId: string): boolean {
    return this.modules.some((module) => module.id === moduleId);
  }

  context(moduleId: string, scope: { db?: Db; actor?: Actor }): ModuleContext {
    const services = this.#services;
    const db = scope.db ?? services.db;
    const actor = scope.actor ?? 'system';
    return {
      moduleId,
      db,
      // Read through the scope's db: a hook inside an open transaction must not wait for a second
      // connection (PGlite has one, so reading outside the transaction would deadlock on a cold cache).
      config: () => this.configs.get(db, moduleId),
      env: this.#envs.get(moduleId),
      mailer: { send: async (message) => void (await services.mailer.enqueue(db, message)), storefrontUrl: (path, storeCode) => services.mailer.storefrontUrl(path, storeCode) },
      hooks: this.hooks,
      events: { publish: (event, payload) => this.notifications.publish(db, event, payload) },
      audit: { record: (entry) => recordAudit(db, { actor, module: moduleId, ...entry }), about: (subject, order) => auditEntriesAbout(db, subject, order) },
      catalog: catalogReads(db),
      customers: customerReads(db),
      stores: storeReads(db),
      carts: cartReads(db),
      orders: orderReads(db),
      cms: cmsForModules(db),
      log: {
        info: (message) => console.log(`${moduleId}: ${message}`),
        error: (message, cause) => services.log(`${moduleId}: ${message}`, cause),
      },
      clock: services.clock,
      signal: this.#abort.signal,
      transaction: (work) => db.transaction((tx) => work(this.context(moduleId, { db: tx, actor }))),
    };
  }

  /** Applies a module's saved configuration to what depends on it (its job schedules). */
  async configChanged(moduleId: string): Promise<void> {
    for (const job of this.#jobs.values()) {
      if (job.module.id === moduleId) job.run.set(job.cron(await this.configs.get(this.#services.db, moduleId)));
    }
  }

  /** When a module's job runs next, for its admin page. */
  nextRun(moduleId: string, jobName: string): Date | undefined {
    return this.#jobs.get(`${moduleId}/${jobName}`)?.run.nextRun();
  }

  /** Writes every loaded module's demo data into a freshly seeded shop, all or nothing. */
  async seedDemo(): Promise<void> {
    await this.#services.db.transaction(async (tx) => {
      for (const module of this.modules) {
        const configure = async (patch: unknown) => void (await this.configs.update(tx, module.id, patch));
        await module.demo?.(this.context(module.id, { db: tx }), { configure });
      }
    });
    // The demo configured the modules after start() may have cached their defaults (reading them to
    // schedule jobs): drop those copies, so the first requests (npm start's initial sync) see the demo.
    for (const module of this.modules) this.configs.forget(module.id);
    for (const moduleId of new Set([...this.#jobs.values()].map((job) => job.module.id))) await this.configChanged(moduleId);
  }

  /** Starts delivering notifications and the scheduled jobs. */
  async start(): Promise<void> {
    this.notifications.start();
    for (const moduleId of new Set([...this.#jobs.values()].map((job) => job.module.id))) {
      try {
        await this.configChanged(moduleId);
      } catch (error) {
        // A configuration that cannot be read (a changed key) must not stop the server: the admin fixes it there.
        this.#services.log(`${moduleId}: cannot read the configuration to schedule its jobs`, error);
      }
    }
  }

  /** Stops timers, ends waits (retries) and waits for deliveries in flight. */
  async stop(): Promise<void> {
    for (const job of this.#jobs.values()) job.run.stop();
    this.#abort.abort();
    await this.notifications.stop();
  }
}
