/**
 * Redirects from the old storefront paths of products and categories (issue 17: a changed URL key
 * keeps a 301 from the old path). Recorded in the transaction that moves the path; chains are
 * flattened (a path that moves again takes every redirect to it along), and a path in use again
 * stops redirecting.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { urlRedirects } from '../../platform/db/schema/index.ts';

export type RedirectEntity = (typeof urlRedirects.$inferSelect)['entity'];

export interface PathMove {
  from: string;
  to: string;
}

export async function recordMoves(db: Db, entity: RedirectEntity, moves: readonly PathMove[]): Promise<void> {
  const real = moves.filter((move) => move.from !== move.to);
  if (real.length === 0) return;
  const now = new Date();
  // Paths live again (a record moved back to an old path) redirect no more.
  await db.delete(urlRedirects).where(inArray(urlRedirects.fromPath, real.map((move) => move.to)));
  for (const move of real) {
    await db.update(urlRedirects).set({ toPath: move.to }).where(eq(urlRedirects.toPath, move.from));
    await db
      .insert(urlRedirects)
      .values({ fromPath: move.from, toPath: move.to, entity, createdAt: now })
      .onConflictDoUpdate({ target: urlRedirects.fromPath, set: { toPath: move.to, entity } });
  }
}

/** Paths a new record takes: any redirect from them ends (the record answers there now). */
export async function claimPaths(db: Db, paths: readonly string[]): Promise<void> {
  if (paths.length > 0) await db.delete(urlRedirects).where(inArray(urlRedirects.fromPath, [...paths]));
}

export async function listRedirects(db: Db, entity: RedirectEntity | undefined, paging: { page: number; itemsPerPage: number }) {
  const where = entity ? and(eq(urlRedirects.entity, entity)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(urlRedirects).where(where).orderBy(asc(urlRedirects.id)).limit(paging.itemsPerPage).offset((paging.page - 1) * paging.itemsPerPage),
    db.select({ n: count() }).from(urlRedirects).where(where),
  ]);
  return { member: rows.map((row) => ({ from: `/${row.fromPath}`, to: `/${row.toPath}`, entity: row.entity })), totalItems: total?.n ?? 0, ...paging };
}
