import { Cron } from 'croner';

/**
 * The scheduled full sync: one croner job, replaced when the admin saves another expression and
 * removed when the expression is blank. `protect` skips a tick while the previous run still goes.
 */
export class SyncSchedule {
  #job: Cron | undefined;
  #pattern = '';
  readonly #run: () => Promise<void>;

  constructor(run: () => Promise<void>) {
    this.#run = run;
  }

  get pattern(): string {
    return this.#pattern;
  }

  /** The next run, or undefined when no schedule is set. */
  nextRun(): Date | undefined {
    return this.#job?.nextRun() ?? undefined;
  }

  /** Applies an expression (blank: no schedule); an unchanged one keeps the running job. */
  set(pattern: string): void {
    if (pattern === this.#pattern && (this.#job !== undefined) === (pattern !== '')) return;
    this.#job?.stop();
    this.#job = undefined;
    this.#pattern = pattern;
    if (pattern === '') return;
    this.#job = new Cron(pattern, { protect: true, unref: true }, this.#run);
  }

  stop(): void {
    this.#job?.stop();
    this.#job = undefined;
    this.#pattern = '';
  }
}
