import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { eventDeliveries } from '../db/schema/index.ts';

/**
 * Notifications: events published after a change commits, delivered to subscribers from a durable
 * table. Open to modules: a module declares its own events by merging into this interface
 * (`declare module '.../platform/events/notifications.ts' { interface NotificationMap { ... } }`).
 * Payloads are stored as JSON, so they hold plain data only.
 */
export interface NotificationMap {
  customer_registered: { customerId: number; email: string };
  order_placed: { orderId: number; number: string; customerId: number | null };
  /** The admin saved a product; the storefront connector syncs it. */
  catalog_product_saved: { productId: number };
  /** The admin deleted a product (its row is gone: the payload says what it was). */
  catalog_product_deleted: { productId: number; sku: string; urlKey: string };
  /** The admin saved a category. */
  catalog_category_saved: { categoryId: number };
  /** The admin saved or deleted a CMS page (`identifier`: the one it had; the connector syncs it by name). */
  cms_page_saved: { pageId: number; identifier: string; deleted?: boolean };
  /** The admin saved or deleted a blog post. */
  blog_post_saved: { postId: number; identifier: string; deleted?: boolean };
  /**
   * What guests see changed without a record being saved (DECISIONS.md 62): a B2B Access rule was
   * saved, (de)activated, reordered or deleted, or a module configuration whose discovery answer or
   * catalog annotations guests read was saved. `productIds`: the products whose guest view may have
   * changed, null when the publisher cannot tell (every product); `storeConfig`: a discovery answer
   * (the storefront keeps it in its store config) changed. Here, not in a module, because it is the
   * contract the publishers and the storefront connector meet through: none imports another.
   */
  guest_view_changed: { productIds: number[] | null; storeConfig: boolean };
  /**
   * Custom Forms: a form was created, changed or deleted. The storefront keeps the forms its CMS
   * pages embed beside the pages, so the connector re-syncs the CMS pages.
   */
  customforms_form_saved: { formCode: string };
  /**
   * Custom Forms persisted a submission (SPEC.md "Events"); B2B Registration consumes it. It lives
   * here rather than in either module because it is the contract the two meet through: neither
   * imports the other. `payload` is the submission as stored, keyed by field key.
   */
  customforms_submission_saved: {
    submissionId: number;
    formCode: string;
    storeCode: string;
    payload: Record<string, string | number | boolean | null>;
    /** Each payload key's label on the form, so a consumer shows the form's words, not its keys (absent from events sent before it). */
    labels?: Record<string, string>;
    createdAt: string;
  };
}

export type NotificationName = keyof NotificationMap;
export type NotificationPayload<E extends NotificationName> = NotificationMap[E];

/** One event as a subscriber receives it. */
export interface DeliveredEvent<E extends NotificationName = NotificationName> {
  id: string;
  payload: NotificationPayload<E>;
}

/** A subscriber as the delivery worker knows it (the platform binds the module's context). */
export interface Delivery {
  subscriber: string;
  event: NotificationName;
  batchWindowMs: number;
  deliver(events: DeliveredEvent[]): Promise<void>;
}

export interface DeliveryOptions {
  /** How often due rows are looked for (a publish in this process also wakes the worker). Default 500 ms. */
  pollMs?: number;
  /** A row is delivered at most this many times; then it stays `failed` until an admin retries it. Default 8. */
  maxAttempts?: number;
  /** The first retry waits this long, doubling each time up to an hour. Default 1000 ms. */
  retryBaseMs?: number;
  /** How long one delivery may take before another process may take the row over. Default 5 minutes. */
  leaseMs?: number;
  log(message: string, cause?: unknown): void;
}

const maxBackoffMs = 3_600_000;
const claimBatch = 50;

/**
 * Writes notifications and delivers them: at least once, with retries and exponential backoff, the
 * failures logged and kept for the admin (System → Events). A subscriber failing never fails the
 * request that published the event: that request has committed.
 */
export class Notifications {
  readonly #db: Db;
  readonly #deliveries: Map<string, Delivery>;
  readonly #options: Required<Omit<DeliveryOptions, 'log'>> & Pick<DeliveryOptions, 'log'>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = true;

  constructor(db: Db, deliveries: readonly Delivery[], options: DeliveryOptions) {
    this.#db = db;
    this.#deliveries = new Map(deliveries.map((d) => [`${d.subscriber}\u0000${d.event}`, d]));
    this.#options = { pollMs: 500, maxAttempts: 8, retryBaseMs: 1000, leaseMs: 300_000, ...options };
  }

  #subscribersOf(event: NotificationName): Delivery[] {
    return [...this.#deliveries.values()].filter((d) => d.event === event);
  }

  /**
   * Records the event for each subscriber, through `db`: pass the open transaction so the event exists
   * exactly when the change does. Nothing is written when nobody subscribes.
   */
  async publish<E extends NotificationName>(db: Db, event: E, payload: NotificationPayload<E>): Promise<void> {
    const subscribers = this.#subscribersOf(event);
    if (subscribers.length === 0) return;
    const eventId = randomUUID();
    const now = Date.now();
    await db.insert(eventDeliveries).values(
      subscribers.map((s) => ({
        eventId,
        event,
        subscriber: s.subscriber,
        payload,
        status: 'pending' as const,
        availableAt: new Date(now + s.batchWindowMs),
        createdAt: new Date(now),
      })),
    );
    this.#wake(subscribers.reduce((min, s) => Math.min(min, s.batchWindowMs), Infinity));
  }

  start(): void {
    this.#stopped = false;
    this.#wake(0);
  }

  /** Stops polling and waits for the deliveries in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Runs one pass now (tests; the admin's retry). */
  async deliverDue(): Promise<void> {
    while (this.#running) await this.#running;
    this.#running = this.#pass().finally(() => (this.#running = undefined));
    await this.#running;
  }

  #wake(afterMs: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), Math.min(afterMs, this.#options.pollMs));
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    try {
      if (!this.#running) await this.deliverDue();
    } catch (error) {
      this.#options.log('notifications: cannot read the event table', error);
    }
    this.#wake(this.#options.pollMs);
  }

  /** Leases due rows (SKIP LOCKED: another process takes others), plus the rest of each batch they open. */
  async #claim(): Promise<(typeof eventDeliveries.$inferSelect)[]> {
    const leaseUntil = new Date(Date.now() + this.#options.leaseMs);
    const due = this.#db
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.status, 'pending'), lte(eventDeliveries.availableAt, new Date())))
      .orderBy(asc(eventDeliveries.id))
      .limit(claimBatch)
      .for('update', { skipLocked: true });
    const claimed = await this.#db
      .update(eventDeliveries)
      .set({ availableAt: leaseUntil, attempts: sql`${eventDeliveries.attempts} + 1` })
      .where(inArray(eventDeliveries.id, due))
      .returning();
    const batches = new Set(claimed.filter((row) => this.#deliveries.get(`${row.subscriber}\u0000${row.event}`)?.batchWindowMs).map((row) => `${row.subscriber}\u0000${row.event}`));
    for (const key of batches) {
      const [subscriber, event] = key.split('\u0000') as [string, string];
      const rest = this.#db
        .select({ id: eventDeliveries.id })
        .from(eventDeliveries)
        .where(and(eq(eventDeliveries.status, 'pending'), eq(eventDeliveries.subscriber, subscriber), eq(eventDeliveries.event, event), sql`${eventDeliveries.availableAt} < ${leaseUntil}`))
        .for('update', { skipLocked: true });
      claimed.push(...(await this.#db.update(eventDeliveries).set({ availableAt: leaseUntil, attempts: sql`${eventDeliveries.attempts} + 1` }).where(inArray(eventDeliveries.id, rest)).returning()));
    }
    return claimed;
  }

  async #pass(): Promise<void> {
    const claimed = await this.#claim();
    const groups = new Map<string, typeof claimed>();
    for (const row of claimed) {
      const key = `${row.subscriber}\u0000${row.event}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const [key, rows] of groups) {
      const delivery = this.#deliveries.get(key);
      const ids = rows.map((row) => row.id);
      if (!delivery) {
        // Its module is no longer loaded: keep the rows for the admin rather than drop them.
        await this.#db.update(eventDeliveries).set({ status: 'failed', lastError: 'No such subscriber is loaded.' }).where(inArray(eventDeliveries.id, ids));
        continue;
      }
      const batches = delivery.batchWindowMs ? [rows] : rows.map((row) => [row]);
      for (const batch of batches) await this.#deliverBatch(delivery, batch);
    }
  }

  async #deliverBatch(delivery: Delivery, rows: (typeof eventDeliveries.$inferSelect)[]): Promise<void> {
    const ids = rows.map((row) => row.id);
    try {
      await delivery.deliver(rows.map((row) => ({ id: row.eventId, payload: row.payload as never })));
      await this.#db.update(eventDeliveries).set({ status: 'delivered', deliveredAt: new Date(), lastError: null }).where(inArray(eventDeliveries.id, ids));
    } catch (error) {
      const attempts = Math.max(...rows.map((row) => row.attempts));
      const failed = attempts >= this.#options.maxAttempts;
      const backoff = Math.min(this.#options.retryBaseMs * 2 ** (attempts - 1), maxBackoffMs);
      const message = error instanceof Error ? error.message : String(error);
      this.#options.log(`notifications: ${delivery.subscriber} failed on ${delivery.event} (attempt ${attempts}${failed ? ', giving up' : ''})`, error);
      await this.#db
        .update(eventDeliveries)
        .set({ status: failed ? 'failed' : 'pending', availableAt: new Date(Date.now() + backoff), lastError: message.slice(0, 1000) })
        .where(inArray(eventDeliveries.id, ids));
    }
  }
}

/** Puts failed deliveries back in the queue (the admin's Retry). */
export async function retryDeliveries(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(eventDeliveries).set({ status: 'pending', attempts: 0, availableAt: new Date() }).where(and(inArray(eventDeliveries.id, [...ids]), eq(eventDeliveries.status, 'failed')));
}
