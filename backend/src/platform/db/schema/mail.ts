import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.ts';
import { stores } from './stores.ts';

export const mailStatuses = ['pending', 'sent', 'failed', 'unsent'] as const;
/**
 * pending: waiting for (or between) delivery attempts; sent: the SMTP server accepted it; failed:
 * every attempt was refused; unsent: recorded while no transport was configured (SMTP_URL unset).
 */
export type MailStatus = (typeof mailStatuses)[number];

/**
 * The transactional outbox of every email (DECISIONS.md 21, 38). A row is written in the same
 * transaction as the change that causes it, so the email exists exactly when the change does; the
 * mail worker delivers it afterwards. Delivery never writes anything but this row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** What the email is for, e.g. "order_confirmation", "password_reset". */
    kind: text().notNull(),
    storeId: integer().references(() => stores.id, { onDelete: 'set null' }),
    fromName: text().notNull(),
    fromAddress: text().notNull(),
    /** One recipient address. */
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: text().$type<MailStatus>().notNull(),
    /** Delivery attempts so far (a claim counts one). */
    attempts: integer().notNull().default(0),
    lastError: text(),
    /**
     * When a worker may claim the row next: the retry time, or the end of a claim's lease. Milliseconds,
     * unlike the other instants, so short backoffs are not rounded to a second.
     */
    nextAttemptAt: timestamp({ withTimezone: true, precision: 3, mode: 'date' }).notNull(),
    createdAt: instant().notNull(),
    sentAt: instant(),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending','sent','failed','unsent')`),
    // The worker's query: due pending rows, oldest first.
    index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index().on(t.to),
    index().on(t.createdAt),
  ],
);
