/**
 * The store views as the admin shows them: every list of views (switcher, pickers, a field per view)
 * in one order, the merchant's (`position`, then id); the store view a per-store admin page is about
 * (`?store=`, default store when absent) and the links to the others.
 */
import { asc } from 'drizzle-orm';
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { Db } from '../db/database.ts';
import { stores } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { findStoreView, type StoreView } from '../../domains/stores/store-view.ts';
import type { AdminEnv } from './admin-env.ts';

export interface AdminStoreView {
  code: string;
  name: string;
  currency: string;
  isDefault: boolean;
}

/** Every store view, in the order the merchant gave them (Stores → position). */
export function adminStoreViews(db: Db): Promise<AdminStoreView[]> {
  return db.select({ code: stores.code, name: stores.name, currency: stores.baseCurrencyCode, isDefault: stores.isDefault }).from(stores).orderBy(asc(stores.position), asc(stores.id));
}

/** The store views other than the default, each with texts or prices of its own beside the default's. */
export async function otherStoreViews(db: Db): Promise<AdminStoreView[]> {
  return (await adminStoreViews(db)).filter((view) => !view.isDefault);
}

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
  const all = await adminStoreViews(c.var.db);
  return html`<p>
    Store view:
    ${all.map((s) => (s.code === current.code ? html`<strong>${s.name}</strong> ` : html`<a href="${path}?store=${encodeURIComponent(s.code)}">${s.name}</a> `))}
  </p>`;
}
