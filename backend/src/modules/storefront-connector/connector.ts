import type { Db } from '../../core/db/database.ts';
import { KeyedDebouncer } from './debouncer.ts';
import type { ConnectorOptions } from './options.ts';
import { pathsOf } from './paths.ts';
import { Runner, type CallOutcome, type SyncType, type Trigger } from './runner.ts';
import { SyncSchedule } from './scheduler.ts';
import { loadConfig } from './settings.ts';

type SavedType = Exclude<SyncType, 'all'>;
const triggerOf: Record<SavedType, Trigger> = { products: 'product_saved', categories: 'category_saved', 'cms-pages': 'cms_page_saved' };

/** The running connector of one app: debounced syncs on save, the schedule, Sync Now. */
export class Connector {
  readonly #db: Db;
  readonly #options: ConnectorOptions;
  readonly #runner: Runner;
  readonly #debouncer: KeyedDebouncer<SavedType, number>;
  readonly #schedule: SyncSchedule;
  readonly #abort = new AbortController();

  constructor(db: Db, options: ConnectorOptions) {
    this.#db = db;
    this.#options = options;
    this.#runner = new Runner(db, options, this.#abort.signal);
    this.#debouncer = new KeyedDebouncer(
      options.debounceMs,
      (type, ids) => this.#syncSaved(type, ids),
      (type, error) => console.error(`storefront connector: the ${type} sync could not run`, error),
    );
    this.#schedule = new SyncSchedule(() => this.#scheduled());
  }

  /** Reads the saved schedule; called at start and whenever the admin saves the configuration. */
  async applySchedule(): Promise<void> {
    this.#schedule.set((await loadConfig(this.#db, this.#options)).cronExpression);
  }

  get nextScheduledRun(): Date | undefined {
    return this.#schedule.nextRun();
  }

  /** A record was saved: its type's sync runs once the burst of saves is over. */
  saved(type: SavedType, id: number): void {
    this.#debouncer.request(type, id);
  }

  /** Sync Now: a full sync, at once, answered with its outcome. */
  syncNow(): Promise<CallOutcome> {
    return this.#runner.sync('all', 'sync_now');
  }

  async #syncSaved(type: SavedType, ids: number[]): Promise<void> {
    const outcome = await this.#runner.sync(type, triggerOf[type]);
    if (outcome.ok) await this.#runner.purgeCloudflare(await pathsOf(this.#db, type, ids), triggerOf[type]);
  }

  async #scheduled(): Promise<void> {
    try {
      await this.#runner.sync('all', 'schedule');
    } catch (error) {
      // The outcome of the call itself is in the sync log; this is the log failing (e.g. the database).
      console.error('storefront connector: the scheduled sync could not run', error);
    }
  }

  /** Stops the schedule and waiting syncs, aborts retry waits and waits for calls in flight. */
  async stop(): Promise<void> {
    this.#schedule.stop();
    const dropped = this.#debouncer.pendingKeys();
    if (dropped.length > 0) console.warn(`storefront connector: shutting down, dropped waiting syncs (${dropped.join(', ')}); the next sync catches up.`);
    this.#abort.abort();
    await this.#debouncer.stop();
  }
}
