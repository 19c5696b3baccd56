/** The store view a per-store admin page is about (`?store=`, default store when absent) and the links to the others. */
import { asc } from 'drizzle-orm';
import type { Context } from 'hono';
import { html } from 'hono/html';
import { stores } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { findStoreView, type StoreView } from '../../domains/stores/store-view.ts';
import type { AdminEnv } from './admin-env.ts';

/** The store view `?store=` names, or null for an unknown one (the page answers 404). */
export async function storeOfQuery(c: Context<AdminEnv>): Promise<StoreView | null> {
  try {
    return await findStoreView(c.var.db, c.req.query('store') || undefined);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** "Store view: Default · AU": the current one in bold, the others linked to `path?store=…`. */
export async function storeSwitcher(c: Context<AdminEnv>, current: StoreView, path: string) {
  const all = await c.var.db.select({ code: stores.code, name: stores.name }).from(stores).orderBy(asc(stores.position), asc(stores.id));
  return html`<p>
    Store view:
    ${all.map((s) => (s.code === current.code ? html`<strong>${s.name}</strong> ` : html`<a href="${path}?store=${encodeURIComponent(s.code)}">${s.name}</a> `))}
  </p>`;
}
