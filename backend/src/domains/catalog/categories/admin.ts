/**
 * Categories as the admin edits them (DECISIONS.md 42, issue 17): create, rename, move under
 * another parent, reorder, change the URL key, delete. A new URL key or parent changes the
 * category's path and every descendant's (`urlPath` is the slash-joined URL keys from the top),
 * each old path kept as a 301 (url-redirects.ts). Deleting a category moves its products to the
 * category the merchant chooses (default: its parent) and redirects its path there; a category
 * with subcategories is not deleted (move or delete them first). Its image is uploaded through
 * image.ts; `imageAlt` is its alternative text.
 * A move to a place among its siblings, renumbering them, is move.ts (on `rehome` below).
 * Each write is one transaction with its audit entry and
 * `catalog_category_saved`, on which the storefront connector syncs the categories.
 */
import { and, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../platform/audit/service.ts';
import { requireVersion, versionTag } from '../../../platform/content-admin/versions.ts';
import type { AdminWriteContext } from '../../../platform/content-admin/write-context.ts';
import type { Db } from '../../../platform/db/database.ts';
import { categories, productCategories, products } from '../../../platform/db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { urlKey } from '../../../platform/content-admin/fields.ts';
import { sanitizeMerchantHtml } from '../../../platform/markup-sanitize.ts';
import { categoryImageUrl } from '../../media/urls.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import { inTreeOrder } from './tree-order.ts';
import { claimPaths, recordMoves, type PathMove } from '../url-redirects.ts';

export const fields = {
  name: z.string().trim().min(1).max(255),
  urlKey,
  parentId: z.number().int().min(1).nullable().openapi({ description: 'null: a top-level category.' }),
  position: z.number().int().min(0).max(100_000),
  description: z.string().max(100_000),
  isActive: z.boolean(),
  includeInMenu: z.boolean(),
  imageAlt: z.string().trim().max(255).openapi({ description: 'The image\'s alternative text (the image itself: POST …/{id}/image).' }),
};

export const CategoryInput = z
  .object({
    ...fields,
    parentId: fields.parentId.default(null),
    position: fields.position.default(0),
    description: fields.description.default(''),
    isActive: fields.isActive.default(true),
    includeInMenu: fields.includeInMenu.default(true),
    imageAlt: fields.imageAlt.default(''),
  })
  .strict()
  .openapi('CategoryInput');
export const CategoryPatch = z.object(fields).partial().strict().openapi('CategoryPatch');
export type CategoryFields = z.infer<typeof CategoryInput>;

type Row = typeof categories.$inferSelect;

export function adminCategoryView(row: Row) {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    urlKey: row.urlKey,
    urlPath: row.urlPath,
    level: row.level,
    position: row.position,
    description: row.description,
    imageUrl: row.imageFile ? categoryImageUrl(row.imageFile) : null,
    imageAlt: row.imageAlt,
    isActive: row.isActive,
    includeInMenu: row.includeInMenu,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
  };
}

export const categoryEtag = (row: Row) => versionTag('category', row.id, adminCategoryView(row));


const notFound = (id: number) => new AppError('not_found', 'not_found', `No category ${id}.`);

/** The category, locked for the change, if `ifMatch` (when given) is its current version. */
export async function lockedRow(db: Db, id: number, ifMatch?: string): Promise<Row> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw notFound(id);
  requireVersion(ifMatch, categoryEtag(row), 'category');
  return row;
}

export async function parentOf(db: Db, parentId: number | null): Promise<Row | null> {
  if (parentId === null) return null;
  const [parent] = await db.select().from(categories).where(eq(categories.id, parentId));
  if (!parent) throw new AppError('invalid', 'invalid_request', `No category ${parentId} to put this one in.`, [{ location: 'json', field: 'parentId', message: 'No such category.' }]);
  return parent;
}

/** A storefront path is one page: no other category and no product may answer there. */
async function pathFree(db: Db, path: string, except?: number): Promise<void> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.urlPath, path), except === undefined ? undefined : ne(categories.id, except)));
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.urlKey, path));
  if (category || product) {
    throw new AppError('conflict', 'url_taken', `The storefront path /${path} belongs to another ${category ? 'category' : 'product'}.`, { field: 'urlKey' });
  }
}

export async function announce(ctx: AdminWriteContext, db: Db, action: string, id: number, diff?: Record<string, { from: unknown; to: unknown }>) {
  await recordAudit(db, { actor: ctx.actor, module: 'core', action: `category.${action}`, subject: `category:${id}`, diff });
  await ctx.notifications.publish(db, 'catalog_category_saved', { categoryId: id });
}

/** A page of the tree in its storefront order (tree-order.ts), searched by name and path. */
export async function listAdminCategories(db: Db, filter: { search?: string }, paging: { page: number; itemsPerPage: number }) {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const [all, matching] = await Promise.all([
    db.select().from(categories),
    like ? db.select({ id: categories.id }).from(categories).where(or(ilike(categories.name, like), ilike(categories.urlPath, like))) : undefined,
  ]);
  const found = matching && new Set(matching.map((row) => row.id));
  const rows = inTreeOrder(all).filter((row) => !found || found.has(row.id));
  const start = (paging.page - 1) * paging.itemsPerPage;
  return { member: rows.slice(start, start + paging.itemsPerPage).map(adminCategoryView), totalItems: rows.length, ...paging };
}

export async function getAdminCategory(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(id);
  return row;
}

export function createCategory(ctx: AdminWriteContext, input: CategoryFields): Promise<Row> {
  return ctx.db.transaction(async (tx) => {
    const parent = await parentOf(tx, input.parentId);
    const urlPath = parent ? `${parent.urlPath}/${input.urlKey}` : input.urlKey;
    await pathFree(tx, urlPath);
    await claimPaths(tx, [urlPath]);
    const now = new Date();
    const [row] = await tx
      .insert(categories)
      .values({ ...input, description: sanitizeMerchantHtml(input.description), urlPath, level: (parent?.level ?? 0) + 1, createdAt: now, updatedAt: now })
      .returning();
    await announce(ctx, tx, 'created', row!.id);
    return row!;
  });
}

/** The category and its descendants, parents first. */
async function subtree(db: Db, root: Row): Promise<Row[]> {
  const all = await db.select().from(categories).where(or(eq(categories.id, root.id), sql`${categories.urlPath} like ${`${root.urlPath.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`}`));
  return all.sort((a, b) => a.level - b.level);
}

/**
 * Puts the category (locked) under `parent` with URL key `key`, nothing else of it changed: refuses its
 * own subtree (400 on `parentId`), moves its path and every descendant's (and their levels) when it
 * changes. Answers the path moves, for `recordMoves` once the category itself is saved.
 */
export async function rehome(tx: Db, before: Row, parent: Row | null, key: string, now: Date): Promise<PathMove[]> {
  const tree = await subtree(tx, before);
  if (parent && tree.some((node) => node.id === parent.id)) {
    throw new AppError('invalid', 'invalid_request', 'A category cannot move into itself or one of its subcategories.', [{ location: 'json', field: 'parentId', message: 'Choose a category outside this one.' }]);
  }
  const urlPath = parent ? `${parent.urlPath}/${key}` : key;
  const levelShift = (parent?.level ?? 0) + 1 - before.level;
  const moves = urlPath === before.urlPath ? [] : tree.map((node) => ({ id: node.id, from: node.urlPath, to: urlPath + node.urlPath.slice(before.urlPath.length) }));
  for (const move of moves) await pathFree(tx, move.to, move.id);
  // Paths are unique: park the subtree's old paths first so a swap within it never collides.
  if (moves.length > 0) await tx.update(categories).set({ urlPath: sql`'~moving~' || ${categories.id}` }).where(inArray(categories.id, moves.map((move) => move.id)));
  for (const move of moves) {
    await tx.update(categories).set({ urlPath: move.to, level: sql`${categories.level} + ${levelShift}`, updatedAt: now }).where(eq(categories.id, move.id));
  }
  return moves;
}

export function updateCategory(ctx: AdminWriteContext, id: number, patch: Partial<CategoryFields>, ifMatch?: string): Promise<Row> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedRow(tx, id, ifMatch);
    const parent = await parentOf(tx, patch.parentId === undefined ? before.parentId : patch.parentId);
    const now = new Date();
    const moves = await rehome(tx, before, parent, patch.urlKey ?? before.urlKey, now);
    const changes = { ...patch, ...(patch.description === undefined ? {} : { description: sanitizeMerchantHtml(patch.description) }) };
    const [row] = await tx.update(categories).set({ ...changes, updatedAt: now }).where(eq(categories.id, id)).returning();
    await recordMoves(tx, 'category', moves);
    const diff = Object.fromEntries(Object.keys(patch).map((key) => [key, { from: key === 'description' ? '(html)' : before[key as keyof Row], to: key === 'description' ? '(html)' : row![key as keyof Row] }]));
    await announce(ctx, tx, 'updated', id, diff);
    return row!;
  });
}

/** The delete's options: `DELETE …/categories/{id}?reassignTo=`, and the admin Delete form's picker. */
export const CategoryDeleteQuery = z.object({
  reassignTo: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .openapi({ description: 'The category that takes the products it holds (and its old path). Default: its parent; required for a top-level category that holds products.' }),
});
export type CategoryDeleteOptions = z.infer<typeof CategoryDeleteQuery>;

const onReassignTo = (message: string) => [{ location: 'query', field: 'reassignTo', message }];

/**
 * Where a deleted category's products go: `reassignTo`, else its parent. A top-level category with
 * products and no choice is refused (409: dropping them would take them out of every listing
 * silently); null only for a top-level category without products and no choice.
 */
async function reassignTarget(tx: Db, row: Row, reassignTo: number | undefined, holding: number): Promise<Row | null> {
  if (reassignTo === undefined) {
    if (row.parentId !== null) return getAdminCategory(tx, row.parentId);
    if (holding === 0) return null;
    throw new AppError(
      'conflict',
      'reassign_required',
      `/${row.urlPath} holds ${holding} product${holding === 1 ? '' : 's'} and has no parent: say which category takes them (reassignTo).`,
      onReassignTo('Choose the category that takes its products.'),
    );
  }
  // Its subcategories are refused before this (has_subcategories): the subtree going is itself.
  if (reassignTo === row.id) throw new AppError('invalid', 'invalid_request', 'A deleted category cannot take its own products.', onReassignTo('Choose a category other than this one.'));
  const [target] = await tx.select().from(categories).where(eq(categories.id, reassignTo));
  if (!target) throw new AppError('invalid', 'invalid_request', `No category ${reassignTo} to take the products.`, onReassignTo('No such category.'));
  return target;
}

/**
 * Deletes a category without subcategories. The products it held move to the target
 * (`reassignTarget`), one membership each (a product already there keeps its own), and its path
 * redirects there. One transaction: the audit entry counts the products reassigned; each of them
 * publishes `catalog_product_saved` (the storefront re-syncs its listings), the deleted category
 * and the target `catalog_category_saved` (the tree is synced whole; the target's page is purged).
 */
export async function deleteCategory(ctx: AdminWriteContext, id: number, ifMatch?: string, options: CategoryDeleteOptions = {}): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockedRow(tx, id, ifMatch);
    const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
    if ((children?.n ?? 0) > 0) {
      throw new AppError('conflict', 'has_subcategories', 'Move or delete its subcategories first.');
    }
    const held = (await tx.select({ productId: productCategories.productId }).from(productCategories).where(eq(productCategories.categoryId, id))).map((member) => member.productId);
    const target = await reassignTarget(tx, row, options.reassignTo, held.length);
    if (target) {
      await tx.execute(sql`insert into ${productCategories} (category_id, product_id, position)
        select ${target.id}, product_id, position from ${productCategories} where category_id = ${id}
        on conflict do nothing`);
      await recordMoves(tx, 'category', [{ from: row.urlPath, to: target.urlPath }]);
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await announce(ctx, tx, 'deleted', id, {
      urlPath: { from: row.urlPath, to: null },
      reassignTo: { from: null, to: target?.id ?? null },
      productsReassigned: { from: 0, to: held.length },
    });
    if (target) await ctx.notifications.publish(tx, 'catalog_category_saved', { categoryId: target.id });
    for (const productId of held) await ctx.notifications.publish(tx, 'catalog_product_saved', { productId });
  });
}

/** The service in the shape the admin REST routes and pages call (content-admin/document-routes.ts). */
export const categoryAdmin = {
  etag: categoryEtag,
  view: adminCategoryView,
  list: (db: Db, filter: { search?: string }, paging: { page: number; itemsPerPage: number }) => listAdminCategories(db, filter, paging),
  get: getAdminCategory,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
};
