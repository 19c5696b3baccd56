import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { stores } from '../../platform/db/schema/index.ts';

/** A store view as modules see it. */
export interface StoreSummary {
  id: number;
  code: string;
  name: string;
  /** ISO 4217: the currency the store view's prices and orders are in. */
  baseCurrencyCode: string;
}

const summary = { id: stores.id, code: stores.code, name: stores.name, baseCurrencyCode: stores.baseCurrencyCode };

/** What modules may read of the store views (ModuleContext `stores`). */
export function storeReads(db: Db) {
  return {
    /** The default store view; undefined only before the shop is set up. */
    async defaultStore(): Promise<StoreSummary | undefined> {
      const [store] = await db.select(summary).from(stores).where(eq(stores.isDefault, true)).limit(1);
      return store;
    },
    async byCode(code: string): Promise<StoreSummary | undefined> {
      const [store] = await db.select(summary).from(stores).where(eq(stores.code, code)).limit(1);
      return store;
    },
    /** Every store view (a shop has a handful). */
    all(): Promise<StoreSummary[]> {
      return db.select(summary).from(stores);
    },
  };
}

export type StoreReads = ReturnType<typeof storeReads>;
