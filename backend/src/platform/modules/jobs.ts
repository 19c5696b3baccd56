import { Cron } from 'croner';
import type { Db } from '../db/database.ts';
import { jobRuns } from '../db/schema/index.ts';

/** Whether a cron expression parses (for configuration schemas that hold one). */
export function isCronExpression(pattern: string): boolean {
  try {
    // A paused job only parses the pattern; nothing is scheduled.
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/**
 * One scheduled job: a croner timer that is replaced when its expression changes. Each time slot is
 * claimed in the database first, so of several backend processes only one runs it.
 */
export class ScheduledRun {
  readonly #name: string;
  readonly #db: Db;
  readonly #run: () => Promise<void>;
  #pattern = '';
  #timer: Cron | undefined;

  constructor(name: string, db: Db, run: () => Promise<void>) {
    this.#name = name;
    this.#db = db;
    this.#run = run;
  }

  /** Blank stops the schedule. */
  set(pattern: string): void {
    if (pattern === this.#pattern) return;
    this.#timer?.stop();
    this.#pattern = pattern;
    this.#timer = pattern ? new Cron(pattern, { protect: true, unref: true }, (job: Cron) => this.#slot(job)) : undefined;
  }

  nextRun(): Date | undefined {
    return this.#timer?.nextRun() ?? undefined;
  }

  stop(): void {
    this.set('');
  }

  async #slot(job: Cron): Promise<void> {
    const slot = job.currentRun() ?? new Date();
    slot.setMilliseconds(0);
    // The runs log their own failures; claiming the slot can fail too (the database away), and a
    // rejection out of a timer callback would end the process: the next slot tries again.
    const claimed = await this.#db
      .insert(jobRuns)
      .values({ job: this.#name, slot, startedAt: new Date() })
      .onConflictDoNothing()
      .returning()
      .catch((error: unknown) => {
        console.error(`${this.#name}: could not claim the ${slot.toISOString()} run; the next one tries again`, error);
        return [];
      });
    if (claimed.length > 0) await this.#run();
  }
}
