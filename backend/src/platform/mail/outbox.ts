import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mailOutbox, type MailStatus } from '../db/schema/index.ts';
import type { Paging } from '../http/schemas.ts';
import { selectPage } from '../db/select-page.ts';
import { formatTimestamp } from '../time.ts';

export interface OutboxFilter {
  status?: MailStatus;
  /** The recipient's address (case-insensitive, whole address). */
  to?: string;
  kind?: string;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** An outbox row as the admin API and page show it. */
export function outboxEntry(row: OutboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    from: { name: row.fromName, address: row.fromAddress },
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? formatTimestamp(row.nextAttemptAt) : null,
    createdAt: formatTimestamp(row.createdAt),
    sentAt: row.sentAt ? formatTimestamp(row.sentAt) : null,
  };
}

export type OutboxEntry = ReturnType<typeof outboxEntry>;

/** One page of the outbox, newest first. */
export async function listOutbox(db: Db, filter: OutboxFilter, paging: Paging): Promise<{ member: OutboxEntry[]; totalItems: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(mailOutbox.status, filter.status));
  if (filter.to) conditions.push(eq(mailOutbox.to, filter.to.trim().toLowerCase()));
  if (filter.kind) conditions.push(eq(mailOutbox.kind, filter.kind));
  const { rows, totalItems } = await selectPage(db, mailOutbox, and(...conditions), [desc(mailOutbox.id)], paging);
  return { member: rows.map(outboxEntry), totalItems };
}
