/**
 * What the admin does with a content document (a CMS page, a blog post; DECISIONS.md 42): list
 * (filtered by status and publish date, sorted), read, create, change the fields sent, delete, and
 * bulk actions on chosen records. Each write is one transaction with its audit entry
 * and the notification the storefront connector syncs on; merchant HTML is sanitised on save; a
 * stale `If-Match` is refused (412) before anything is written, so an editor never overwrites a
 * change they did not see. The kinds differ only in their table, fields and names: `DocumentKind`.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { Notifications } from '../events/notifications.ts';
import { sanitizeMerchantHtml } from '../markup-sanitize.ts';
import type { ListFilter, Listing } from './document-routes.ts';
import { requireVersion, versionTag } from './versions.ts';
import type { AdminWriteContext } from './write-context.ts';

/** The columns every document table has. */
interface DocumentColumns {
  id: PgColumn;
  identifier: PgColumn;
  title: PgColumn;
  content: PgColumn;
  updatedAt: PgColumn;
}

type DocumentTable = PgTable & DocumentColumns;

export interface DocumentRow {
  id: number;
  identifier: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface DocumentKind<Row extends DocumentRow, Input extends { identifier: string; content: string }> {
  table: DocumentTable;
  /** For messages: "CMS page", "blog post". */
  noun: string;
  /** Audit subjects and actions: `cms_page:12`, `cms_page.updated`. */
  subject: string;
  /** The record as the admin API answers it (its digest is the ETag). */
  view(row: Row): Record<string, unknown>;
  /** Sortable columns by name (the list's and grid's `sort`); ties go by id. */
  sorts: Record<string, PgColumn>;
  /** The list's order when none is asked for (`-published`: newest first). */
  defaultSort: string;
  /** The status filter: each status's condition. */
  statuses: Record<string, SQL>;
  /** The column the publish date filters read, for a kind that has one. */
  dated?: PgColumn;
  /** Bulk actions besides delete: the columns each sets on the records chosen. */
  bulkSets: Record<string, Record<string, unknown>>;
  /** Input fields to column values where they differ (a date string to a Date). */
  toColumns?(input: Partial<Input>): Record<string, unknown>;
  /**
   * Data kept beside the row (a store view's own texts): `load` adds it to rows before they are
   * shown or versioned, so it is part of the ETag; `write` saves what the input carries of it, in the
   * save's transaction, after the row.
   */
  extras?: {
    load(db: Db, rows: Row[]): Promise<Row[]>;
    write(db: Db, id: number, input: Partial<Input>): Promise<void>;
    /** What the audit log keeps of it (no HTML). */
    audited(row: Row): unknown;
  };
  /** Publishes the kind's saved notification in the change's transaction (`deleted`: the row is gone). */
  announce(db: Db, notifications: Notifications, row: Row, deleted?: boolean): Promise<void>;
}


export function documentAdmin<Row extends DocumentRow, Input extends { identifier: string; content: string }>(kind: DocumentKind<Row, Input>) {
  const { table } = kind;
  const notFound = (id: number) => new AppError('not_found', 'not_found', `No ${kind.noun} ${id}.`);

  const etag = (row: Row) => versionTag(kind.subject, row.id, kind.view(row));
  const withExtras = async (db: Db, rows: Row[]) => (kind.extras ? kind.extras.load(db, rows) : rows);
  const listing: Listing = {
    statuses: Object.keys(kind.statuses),
    sorts: Object.keys(kind.sorts),
    defaultSort: kind.defaultSort,
    dated: kind.dated !== undefined,
    actions: [...Object.keys(kind.bulkSets), 'delete'],
  };

  const columns = (input: Partial<Input>) => ({
    ...input,
    ...(input.content === undefined ? {} : { content: sanitizeMerchantHtml(input.content) }),
    ...kind.toColumns?.(input),
  });

  async function lockedRow(db: Db, id: number, ifMatch: string | undefined): Promise<Row> {
    const [locked] = (await db.select().from(table).where(eq(table.id, id)).for('update')) as Row[];
    if (!locked) throw notFound(id);
    const row = (await withExtras(db, [locked]))[0]!;
    requireVersion(ifMatch, etag(row), kind.noun);
    return row;
  }

  async function identifierFree(db: Db, value: string, except?: number): Promise<void> {
    const [other] = await db.select({ id: table.id }).from(table).where(eq(table.identifier, value));
    if (other && other.id !== except) {
      throw new AppError('conflict', 'identifier_taken', `Another ${kind.noun} has the identifier "${value}".`, { field: 'identifier' });
    }
  }

  async function audit(db: Db, actor: AuditActor, action: string, id: number, diff?: Record<string, { from: unknown; to: unknown }>) {
    await recordAudit(db, { actor, module: 'core', action: `${kind.subject}.${action}`, subject: `${kind.subject}:${id}`, diff });
  }

  return {
    etag,
    view: kind.view,

    listing,

    /** A page of records; a status or sort the kind does not have is left out (the API refused it before). */
    async list(db: Db, filter: ListFilter, paging: { page: number; itemsPerPage: number }) {
      const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
      const where = and(
        like ? or(ilike(table.title, like), ilike(table.identifier, like)) : undefined,
        filter.identifier ? eq(table.identifier, filter.identifier) : undefined,
        filter.status && Object.hasOwn(kind.statuses, filter.status) ? kind.statuses[filter.status] : undefined,
        kind.dated && filter.publishedFrom ? gte(kind.dated, new Date(`${filter.publishedFrom}T00:00:00Z`)) : undefined,
        kind.dated && filter.publishedTo ? lt(kind.dated, new Date(Date.parse(`${filter.publishedTo}T00:00:00Z`) + 86_400_000)) : undefined,
      );
      const sort = filter.sort && listing.sorts.includes(filter.sort.replace(/^-/, '')) ? filter.sort : kind.defaultSort;
      const column = kind.sorts[sort.replace(/^-/, '')]!;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(sort.startsWith('-') ? desc(column) : asc(column), asc(table.id))
          .limit(paging.itemsPerPage)
          .offset((paging.page - 1) * paging.itemsPerPage),
        db.select({ n: count() }).from(table).where(where),
      ]);
      return { member: (await withExtras(db, rows as Row[])).map(kind.view), totalItems: total?.n ?? 0, ...paging };
    },

    async get(db: Db, id: number): Promise<Row> {
      const [row] = (await db.select().from(table).where(eq(table.id, id))) as Row[];
      if (!row) throw notFound(id);
      return (await withExtras(db, [row]))[0]!;
    },

    create(ctx: AdminWriteContext, input: Input): Promise<Row> {
      return ctx.db.transaction(async (tx) => {
        await identifierFree(tx, input.identifier);
        const now = new Date();
        const [inserted] = (await tx.insert(table).values({ ...columns(input), createdAt: now, updatedAt: now }).returning()) as unknown as Row[];
        await kind.extras?.write(tx, inserted!.id, input);
        const [row] = await withExtras(tx, [inserted!]);
        await audit(tx, ctx.actor, 'created', row!.id);
        await kind.announce(tx, ctx.notifications, row!);
        return row!;
      });
    },

    update(ctx: AdminWriteContext, id: number, patch: Partial<Input>, ifMatch?: string): Promise<Row> {
      return ctx.db.transaction(async (tx) => {
        const before = await lockedRow(tx, id, ifMatch);
        if (patch.identifier !== undefined) await identifierFree(tx, patch.identifier, id);
        const [updated] = (await tx.update(table).set({ ...columns(patch), updatedAt: new Date() }).where(eq(table.id, id)).returning()) as Row[];
        await kind.extras?.write(tx, id, patch);
        const [row] = await withExtras(tx, [updated!]);
        // HTML is not copied into the audit log: "(html)" says it changed.
        const shown = (record: Row, key: string) => (key === 'content' ? '(html)' : key === 'storeOverrides' && kind.extras ? kind.extras.audited(record) : record[key as keyof Row]);
        await audit(tx, ctx.actor, 'updated', id, Object.fromEntries(Object.keys(patch).map((key) => [key, { from: shown(before, key), to: shown(row!, key) }])));
        // A renamed identifier: the old one leaves the storefront with this sync.
        if (row!.identifier !== before.identifier) await kind.announce(tx, ctx.notifications, before, true);
        await kind.announce(tx, ctx.notifications, row!);
        return row!;
      });
    },

    /**
     * The grid's bulk action on the records ticked, in one transaction: each one changed (or deleted)
     * is audited and announced; the announcements go in one delivery batch, so the connector runs
     * one sync for them all. Ids no longer there are passed over; answers how many were done.
     */
    bulk(ctx: AdminWriteContext, action: string, ids: number[]): Promise<number> {
      const set = Object.hasOwn(kind.bulkSets, action) ? kind.bulkSets[action] : undefined;
      if (action !== 'delete' && !set) throw new AppError('invalid', 'invalid_request', `No bulk action "${action}" on ${kind.noun}s.`, { field: 'action' });
      return ctx.db.transaction(async (tx) => {
        const rows = (await tx.select().from(table).where(inArray(table.id, ids)).orderBy(asc(table.id)).for('update')) as Row[];
        if (rows.length === 0) return 0;
        const found = rows.map((row) => row.id);
        if (!set) await tx.delete(table).where(inArray(table.id, found));
        const after = set ? ((await tx.update(table).set({ ...set, updatedAt: new Date() }).where(inArray(table.id, found)).returning()) as Row[]) : [];
        for (const row of rows) {
          if (set) {
            const diff = Object.fromEntries(Object.entries(set).map(([key, to]) => [key, { from: row[key as keyof Row], to }]));
            await audit(tx, ctx.actor, `bulk_${action}`, row.id, diff);
            await kind.announce(tx, ctx.notifications, after.find((changed) => changed.id === row.id)!);
          } else {
            await audit(tx, ctx.actor, 'deleted', row.id, { identifier: { from: row.identifier, to: null } });
            await kind.announce(tx, ctx.notifications, row, true);
          }
        }
        return rows.length;
      });
    },

    async remove(ctx: AdminWriteContext, id: number, ifMatch?: string): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const row = await lockedRow(tx, id, ifMatch);
        await tx.delete(table).where(eq(table.id, id));
        await audit(tx, ctx.actor, 'deleted', id, { identifier: { from: row.identifier, to: null } });
        await kind.announce(tx, ctx.notifications, row, true);
      });
    },
  };
}
