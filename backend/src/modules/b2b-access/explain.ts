import { eq } from 'drizzle-orm';
import { products } from '../../core/db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { findStoreView } from '../../core/stores/store-view.ts';
import { decideAccess, type Explanation } from './engine/evaluate.ts';
import type { AccessContext } from './rules/service.ts';
import { wireBlock } from './runtime/decide.ts';
import { loadFacts } from './runtime/facts.ts';
import { accessSnapshot } from './runtime/snapshot.ts';

export interface ExplainQuery {
  sku: string;
  /** 0: a guest (NOT LOGGED IN). */
  customerGroupId: number;
  /** A store code; the default store when absent. */
  store?: string;
  /** ISO 3166 alpha-2; absent: unknown, as before a shopper gives an address. */
  country?: string;
}

/**
 * Which rule (or basic-mode reason) decided each context for this product and caller, and why every
 * earlier rule did not fire (DECISIONS.md 29): for the admin and for support. The same engine and
 * facts as the storefront's requests, so the answer is what a caller of that group gets.
 */
export async function explainAccess(ctx: AccessContext, query: ExplainQuery) {
  const store = await findStoreView(ctx.db, query.store);
  const snapshot = await accessSnapshot(ctx);
  const [product] = await loadFacts(ctx.db, store.id, snapshot, eq(products.sku, query.sku));
  if (!product) throw new AppError('not_found', 'not_found', `No product with SKU ${query.sku}.`);
  const decision = decideAccess({
    config: snapshot.config,
    rules: snapshot.rules,
    caller: { customerGroupId: query.customerGroupId, isGuest: query.customerGroupId === 0 },
    storeCode: store.code,
    country: query.country?.toUpperCase() ?? null,
    product,
    explain: true,
  });
  const contexts: { visibility: Explanation; checkout: Explanation } = { visibility: decision.visibility, checkout: decision.checkout };
  return { mode: snapshot.config.mode, enabled: snapshot.config.enabled, contexts, flags: wireBlock(decision) };
}
