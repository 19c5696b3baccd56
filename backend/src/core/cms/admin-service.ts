/**
 * CMS pages as the admin edits them (DECISIONS.md 42): create, change the fields sent, delete, each
 * in one transaction with its audit entry and the notification the storefront connector syncs on.
 * Content is merchant HTML, sanitised on save. A stale `If-Match` is refused (412) before anything
 * is written, so an editor never overwrites a change they did not see.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import { cmsPages } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Notifications } from '../events/notifications.ts';
import { sanitizeMerchantHtml } from '../markup-sanitize.ts';
import { formatTimestamp } from '../time.ts';

const identifier = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,127}$/, 'An identifier: lower-case letters, digits, "-" and "_" (it is the page\'s URL).');

const fields = {
  identifier,
  title: z.string().trim().min(1).max(255),
  contentHeading: z.string().trim().max(255),
  content: z.string().max(500_000),
  metaTitle: z.string().trim().max(255),
  metaDescription: z.string().trim().max(1000),
  isActive: z.boolean(),
};

export const CmsPageInput = z
  .object({
    ...fields,
    contentHeading: fields.contentHeading.default(''),
    content: fields.content.default(''),
    metaTitle: fields.metaTitle.default(''),
    metaDescription: fields.metaDescription.default(''),
    isActive: fields.isActive.default(true),
  })
  .strict();
/** A PATCH: the fields sent, no defaults (an absent field stays as it is). */
export const CmsPagePatch = z.object(fields).partial().strict();
export type CmsPageFields = z.infer<typeof CmsPageInput>;

type Row = typeof cmsPages.$inferSelect;

export function adminCmsView(row: Row) {
  return {
    id: row.id,
    identifier: row.identifier,
    title: row.title,
    contentHeading: row.contentHeading,
    content: row.content,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    isActive: row.isActive,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
  };
}

/**
 * The version an `ETag` names: a digest of everything the page holds (timestamps are whole seconds,
 * too coarse to tell two quick saves apart).
 */
export function cmsEtag(row: Row): string {
  return `"cms-${row.id}-${createHash('sha256').update(JSON.stringify(adminCmsView(row))).digest('base64url').slice(0, 22)}"`;
}

export interface CmsWriteContext {
  db: Db;
  notifications: Notifications;
  actor: AuditActor;
}

const notFound = (id: number) => new AppError('not_found', 'not_found', `No CMS page ${id}.`);
const identifierTaken = (value: string) => new AppError('conflict', 'identifier_taken', `Another CMS page has the identifier "${value}".`, { field: 'identifier' });

async function lockedRow(db: Db, id: number, ifMatch: string | undefined): Promise<Row> {
  const [row] = await db.select().from(cmsPages).where(eq(cmsPages.id, id)).for('update');
  if (!row) throw notFound(id);
  if (ifMatch !== undefined && ifMatch !== '*' && !ifMatch.split(',').map((tag) => tag.trim()).includes(cmsEtag(row))) {
    throw new AppError('precondition_failed', 'stale_version', 'The page changed since you loaded it: reload it and make your change again.', { etag: cmsEtag(row) });
  }
  return row;
}

async function identifierFree(db: Db, value: string, except?: number): Promise<void> {
  const [other] = await db.select({ id: cmsPages.id }).from(cmsPages).where(eq(cmsPages.identifier, value));
  if (other && other.id !== except) throw identifierTaken(value);
}

export async function listAdminCmsPages(db: Db, filter: { search?: string; identifier?: string }, paging: { page: number; itemsPerPage: number }) {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const where = and(like ? or(ilike(cmsPages.title, like), ilike(cmsPages.identifier, like)) : undefined, filter.identifier ? eq(cmsPages.identifier, filter.identifier) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(cmsPages).where(where).orderBy(asc(cmsPages.id)).limit(paging.itemsPerPage).offset((paging.page - 1) * paging.itemsPerPage),
    db.select({ n: count() }).from(cmsPages).where(where),
  ]);
  return { member: rows.map(adminCmsView), totalItems: total?.n ?? 0, ...paging };
}

export async function getAdminCmsPage(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(cmsPages).where(eq(cmsPages.id, id));
  if (!row) throw notFound(id);
  return row;
}

export async function createCmsPage(ctx: CmsWriteContext, input: CmsPageFields): Promise<Row> {
  return ctx.db.transaction(async (tx) => {
    await identifierFree(tx, input.identifier);
    const now = new Date();
    const [row] = await tx
      .insert(cmsPages)
      .values({ ...input, content: sanitizeMerchantHtml(input.content), createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'cms_page.created', subject: `cms_page:${row!.id}` });
    await ctx.notifications.publish(tx, 'cms_page_saved', { pageId: row!.id });
    return row!;
  });
}

export async function updateCmsPage(ctx: CmsWriteContext, id: number, patch: Partial<CmsPageFields>, ifMatch?: string): Promise<Row> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedRow(tx, id, ifMatch);
    if (patch.identifier !== undefined) await identifierFree(tx, patch.identifier, id);
    const changes = { ...patch, ...(patch.content === undefined ? {} : { content: sanitizeMerchantHtml(patch.content) }) };
    const [row] = await tx.update(cmsPages).set({ ...changes, updatedAt: new Date() }).where(eq(cmsPages.id, id)).returning();
    const diff = Object.fromEntries(Object.keys(patch).map((key) => [key, { from: key === 'content' ? '(html)' : before[key as keyof Row], to: key === 'content' ? '(html)' : row![key as keyof Row] }]));
    await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'cms_page.updated', subject: `cms_page:${id}`, diff });
    await ctx.notifications.publish(tx, 'cms_page_saved', { pageId: id });
    return row!;
  });
}

export async function deleteCmsPage(ctx: CmsWriteContext, id: number, ifMatch?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedRow(tx, id, ifMatch);
    await tx.delete(cmsPages).where(eq(cmsPages.id, id));
    await recordAudit(tx, { actor: ctx.actor, module: 'core', action: 'cms_page.deleted', subject: `cms_page:${id}`, diff: { identifier: { from: row.identifier, to: null } } });
    // The connector's CMS sync is full for its type, so the page leaves KV with it.
    await ctx.notifications.publish(tx, 'cms_page_saved', { pageId: id });
  });
}
