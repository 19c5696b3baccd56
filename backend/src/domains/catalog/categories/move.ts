/**
 * Moving a category in the tree (issue 17: the admin's drag and drop, Move up/down, and
 * `POST …/categories/{id}/move`): under a parent (or to the top) at a place among its new siblings.
 * Both the old and the new parent's children are renumbered 0, 1, 2… in the same transaction, so
 * positions stay dense whatever they were before; a new parent moves the paths as a PATCH does
 * (admin.ts `rehome`: 301s kept, its own subtree refused). One audit entry, one
 * `catalog_category_saved`.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { AdminWriteContext } from '../../../platform/content-admin/write-context.ts';
import type { Db } from '../../../platform/db/database.ts';
import { categories } from '../../../platform/db/schema/index.ts';
import { recordMoves } from '../url-redirects.ts';
import { announce, fields, lockedRow, parentOf, rehome } from './admin.ts';

type Row = typeof categories.$inferSelect;

export const CategoryMove = z
  .object({
    parentId: fields.parentId,
    position: fields.position.openapi({ description: 'Its place among its new siblings, 0 first; past the last sibling: last.' }),
  })
  .strict()
  .openapi('CategoryMove');
export type CategoryMove = z.infer<typeof CategoryMove>;

/** The children of `parentId` but `except`, in sibling order, locked for the renumbering. */
function childrenOf(tx: Db, parentId: number | null, except: number): Promise<Row[]> {
  return tx
    .select()
    .from(categories)
    .where(and(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId), ne(categories.id, except)))
    .orderBy(asc(categories.position), asc(categories.id))
    .for('update');
}

/** Sets each row's position to its index in `ordered` (only those that differ are written; `except`: the moved one, written apart). */
async function renumber(tx: Db, ordered: readonly Row[], now: Date, except?: number): Promise<void> {
  for (const [index, row] of ordered.entries()) {
    if (row.id !== except && row.position !== index) await tx.update(categories).set({ position: index, updatedAt: now }).where(eq(categories.id, row.id));
  }
}

/**
 * Moves take this lock first, for their transaction: two moves among the same siblings would each
 * hold their own row and wait for the other's (a deadlock); one after the other, both renumber
 * what the other left. A fixed key that only category moves take.
 */
const treeLock = 0xca7e6021;

export function moveCategory(ctx: AdminWriteContext, id: number, to: CategoryMove, ifMatch?: string): Promise<Row> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${treeLock})`);
    const before = await lockedRow(tx, id, ifMatch);
    const parent = await parentOf(tx, to.parentId);
    const now = new Date();
    const moves = await rehome(tx, before, parent, before.urlKey, now);
    const siblings = await childrenOf(tx, to.parentId, id);
    const position = Math.min(to.position, siblings.length);
    await renumber(tx, [...siblings.slice(0, position), before, ...siblings.slice(position)], now, id);
    if (before.parentId !== to.parentId) await renumber(tx, await childrenOf(tx, before.parentId, id), now);
    const [row] = await tx.update(categories).set({ parentId: to.parentId, position, updatedAt: now }).where(eq(categories.id, id)).returning();
    await recordMoves(tx, 'category', moves);
    const diff: Record<string, { from: unknown; to: unknown }> = { parentId: { from: before.parentId, to: to.parentId }, position: { from: before.position, to: position } };
    if (row!.urlPath !== before.urlPath) diff.urlPath = { from: before.urlPath, to: row!.urlPath };
    await announce(ctx, tx, 'moved', id, diff);
    return row!;
  });
}
