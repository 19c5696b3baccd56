import type { Context } from 'hono';
import type { AppEnv } from '../../../platform/http/context.ts';
import { findStoreView, requestedStoreCode, storeHeader, type StoreView } from '../../../domains/stores/store-view.ts';

/** The store view a submission is made in (X-Store-Code or ?store=, else the default store). */
export function visitorStore(c: Context<AppEnv>): Promise<StoreView> {
  return findStoreView(c.var.db, requestedStoreCode(c.req.header(storeHeader), c.req.query('store')));
}
