import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { MailTransport } from './transport.ts';

export interface WorkerOptions {
  /** Attempts before a message is marked failed (the admin can resend it). */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubles with every further one. */
  retryBaseMs: number;
  /** The longest wait between two attempts. */
  retryMaxMs: number;
  /** How often the outbox is polled for due messages. */
  pollMs: number;
  /** How long a claimed message stays with its worker; past it (the worker died mid-send) another may claim it. */
  leaseMs: number;
  /** Messages claimed at once. */
  batchSize: number;
  /** Where failed attempts are reported. */
  log: (message: string) => void;
}

export const defaultWorkerOptions: WorkerOptions = {
  maxAttempts: 8,
  retryBaseMs: 60_000,
  retryMaxMs: 3_600_000,
  pollMs: 2_000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
  log: (message) => console.warn(message),
};

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The wait before attempt `attempts + 1`: base, 2 × base, 4 × base… up to the maximum. */
export function backoffMs(attempts: number, options: Pick<WorkerOptions, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Delivers the outbox. Any number of workers (one per backend process) may share a database: a
 * claim is one UPDATE of rows picked with `FOR UPDATE SKIP LOCKED`, which moves their next attempt
 * past a lease, so two workers never hold the same message. The outcome is written only if the
 * claim still stands (same attempt number), so a worker that outlived its lease cannot overwrite a
 * later attempt. A message is sent once unless a worker dies between the server's acceptance and
 * recording it (then it is sent again after the lease: at least once, never lost).
 */
export class MailWorker {
  readonly #db: Db;
  readonly #transport: MailTransport | undefined;
  readonly #options: WorkerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(db: Db, transport: MailTransport | undefined, options: Partial<WorkerOptions> = {}) {
    this.#db = db;
    this.#transport = transport;
    this.#options = { ...defaultWorkerOptions, ...options };
  }

  /** Polls every `pollMs` until stopped; does nothing without a transport. */
  start(): void {
    if (!this.#transport || this.#stopped || this.#timer) return;
    this.#schedule(0);
  }

  #schedule(ms: number): void {
    this.#timer = setTimeout(() => {
      this.#running = this.#drain().finally(() => {
        this.#running = undefined;
        if (!this.#stopped) this.#schedule(this.#options.pollMs);
      });
    }, ms);
    this.#timer.unref();
  }

  /** Batches until the due messages are done (or the worker stops). */
  async #drain(): Promise<void> {
    try {
      while (!this.#stopped && (await this.runOnce()) === this.#options.batchSize);
    } catch (error) {
      this.#options.log(`mail worker: reading the outbox failed: ${describe(error)}`);
    }
  }

  /** Claims one batch of due messages and delivers them; answers how many it claimed. */
  async runOnce(): Promise<number> {
    if (!this.#transport) return 0;
    const claimed = await this.#claim();
    for (const [index, row] of claimed.entries()) {
      if (this.#stopped) {
        await this.#release(claimed.slice(index));
        break;
      }
      await this.#deliver(row);
    }
    return claimed.length;
  }

  /** Hands claimed messages back untouched (the worker is stopping), so another process need not wait out the lease. */
  async #release(rows: OutboxRow[]): Promise<void> {
    for (const row of rows) {
      await this.#db
        .update(mailOutbox)
        .set({ attempts: row.attempts - 1, nextAttemptAt: new Date() })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, row.attempts)));
    }
  }

  async #claim(): Promise<OutboxRow[]> {
    const now = new Date();
    const due = this.#db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(this.#options.batchSize)
      .for('update', { skipLocked: true });
    return this.#db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + this.#options.leaseMs) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async #deliver(row: OutboxRow): Promise<void> {
    const stillOurs = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, row.attempts));
    try {
      await this.#transport!.send({
        from: { name: row.fromName, address: row.fromAddress },
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html === null ? {} : { html: row.html }),
      });
    } catch (error) {
      const lastError = describe(error);
      const failed = row.attempts >= this.#options.maxAttempts;
      const nextAttemptAt = new Date(Date.now() + backoffMs(row.attempts, this.#options));
      this.#options.log(`mail ${row.id} (${row.kind}) to ${row.to}: attempt ${row.attempts} failed${failed ? ', giving up' : ''}: ${lastError}`);
      await this.#db
        .update(mailOutbox)
        .set(failed ? { status: 'failed', lastError } : { lastError, nextAttemptAt })
        .where(stillOurs);
      return;
    }
    await this.#db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(stillOurs);
  }

  /** Stops polling and waits for the batch in hand (call before the database closes). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}
