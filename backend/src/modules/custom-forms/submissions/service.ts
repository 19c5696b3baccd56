/** Submissions and the spam log as the admin reads them (DECISIONS.md 35): paged, newest first. */
import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../platform/errors.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import type { FormsContext } from './pipeline.ts';
import { customFormBlocked, customFormSubmissions } from '../tables.ts';

export interface SubmissionFilter {
  search?: string;
  /** Inclusive start date (UTC, YYYY-MM-DD). */
  from?: string;
  /** Inclusive end date (UTC, YYYY-MM-DD). */
  to?: string;
}

type Row = typeof customFormSubmissions.$inferSelect;

export function submissionView(row: Row) {
  return { id: row.id, formCode: row.formCode, storeCode: row.storeCode, payload: row.payload, createdAt: formatTimestamp(row.createdAt) };
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

function conditions(formCode: string, filter: SubmissionFilter): SQL | undefined {
  const parts: SQL[] = [eq(customFormSubmissions.formCode, formCode)];
  if (filter.search) parts.push(ilike(customFormSubmissions.searchText, `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.from) parts.push(gte(customFormSubmissions.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) parts.push(lt(customFormSubmissions.createdAt, dayAfter(filter.to)));
  return and(...parts);
}

export async function listSubmissions(ctx: FormsContext, formCode: string, filter: SubmissionFilter, paging: { page: number; itemsPerPage: number }) {
  const where = conditions(formCode, filter);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(customFormSubmissions)
      .where(where)
      .orderBy(desc(customFormSubmissions.createdAt), desc(customFormSubmissions.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
    ctx.db.select({ n: count() }).from(customFormSubmissions).where(where),
  ]);
  return { member: rows.map(submissionView), totalItems: total?.n ?? 0, ...paging };
}

/** Every matching submission, newest first (the CSV export). */
export async function allSubmissions(ctx: FormsContext, formCode: string, filter: SubmissionFilter) {
  const rows = await ctx.db.select().from(customFormSubmissions).where(conditions(formCode, filter)).orderBy(desc(customFormSubmissions.createdAt), desc(customFormSubmissions.id));
  return rows.map(submissionView);
}

export async function getSubmission(ctx: FormsContext, formCode: string, id: number) {
  const [row] = await ctx.db.select().from(customFormSubmissions).where(and(eq(customFormSubmissions.formCode, formCode), eq(customFormSubmissions.id, id)));
  if (!row) throw new AppError('not_found', 'not_found', `No submission ${id} of the form "${formCode}".`);
  return submissionView(row);
}

export async function deleteSubmission(ctx: FormsContext, formCode: string, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const deleted = await tx.db
      .delete(customFormSubmissions)
      .where(and(eq(customFormSubmissions.formCode, formCode), eq(customFormSubmissions.id, id)))
      .returning({ id: customFormSubmissions.id });
    if (deleted.length === 0) throw new AppError('not_found', 'not_found', `No submission ${id} of the form "${formCode}".`);
    await tx.audit.record({ action: 'submission.delete', subject: `${formCode}#${id}` });
  });
}

/** The spam log: attempts, newest first, and how many were stopped per day and reason (last 30 days). */
export async function spamLog(ctx: FormsContext, formCode: string | undefined, paging: { page: number; itemsPerPage: number }) {
  const where = formCode ? eq(customFormBlocked.formCode, formCode) : undefined;
  const since = new Date(ctx.clock().getTime() - 30 * 86_400_000);
  const day = sql<string>`to_char(${customFormBlocked.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [rows, [total], perDay] = await Promise.all([
    ctx.db
      .select()
      .from(customFormBlocked)
      .where(where)
      .orderBy(desc(customFormBlocked.createdAt), desc(customFormBlocked.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
    ctx.db.select({ n: count() }).from(customFormBlocked).where(where),
    ctx.db
      .select({ day, reason: customFormBlocked.reason, count: count() })
      .from(customFormBlocked)
      .where(and(where, gte(customFormBlocked.createdAt, since)))
      .groupBy(day, customFormBlocked.reason)
      .orderBy(desc(day)),
  ]);
  return {
    member: rows.map((row) => ({ id: row.id, formCode: row.formCode, reason: row.reason, clientIp: row.clientIp, createdAt: formatTimestamp(row.createdAt) })),
    totalItems: total?.n ?? 0,
    ...paging,
    perDay,
  };
}

/** Deletes submissions older than the retention (the nightly job). */
export async function purgeOldSubmissions(ctx: FormsContext): Promise<number> {
  const { retentionDays } = await ctx.config();
  const cutoff = new Date(ctx.clock().getTime() - retentionDays * 86_400_000);
  const deleted = await ctx.db.delete(customFormSubmissions).where(lt(customFormSubmissions.createdAt, cutoff)).returning({ id: customFormSubmissions.id });
  await ctx.db.delete(customFormBlocked).where(lt(customFormBlocked.createdAt, cutoff));
  return deleted.length;
}
