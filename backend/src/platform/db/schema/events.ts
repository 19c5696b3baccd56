import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Milliseconds matter here: batch windows and retry waits are shorter than a second. */
const at = () => timestamp({ withTimezone: true, precision: 3, mode: 'date' });

/**
 * Notifications waiting for, or given to, their subscribers (platform/events/notifications.ts): one row per
 * event and subscriber, written in the transaction of the change that caused the event, delivered after
 * commit, at least once. A row is leased by pushing `availableAt` ahead while a process delivers it, so
 * several backend processes on one database never deliver the same row at the same time.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The event's id, the same for each of its subscribers: what they use to stay idempotent. */
    eventId: uuid().notNull(),
    event: text().notNull(),
    /** The subscribing module's id. */
    subscriber: text().notNull(),
    payload: jsonb().notNull(),
    status: text().$type<'pending' | 'delivered' | 'failed'>().notNull(),
    attempts: integer().notNull().default(0),
    availableAt: at().notNull(),
    lastError: text(),
    createdAt: at().notNull(),
    deliveredAt: at(),
  },
  (table) => [index('event_deliveries_due_idx').on(table.status, table.availableAt)],
);
