import { AppError } from '../../platform/errors.ts';
import { findStoreView } from '../../domains/stores/store-view.ts';
import { decideAccess, type Explanation, type ProductFacts } from './engine/evaluate.ts';
import type { AccessContext } from './context.ts';
import { judge, wireBlock } from './runtime/decide.ts';
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
  const catalog = await snapshot.catalog(store.id, { skus: [query.sku] });
  const product = catalog.facts.get(catalog.idsBySku.get(query.sku) ?? 0);
  if (!product) throw new AppError('not_found', 'not_found', `No product with SKU ${query.sku}.`);
  const caller = { customerGroupId: query.customerGroupId, isGuest: query.customerGroupId === 0 };
  const country = query.country?.toUpperCase() ?? null;
  const decide = (facts: ProductFacts) => decideAccess({ config: snapshot.config, rules: snapshot.rules, caller, storeCode: store.code, country, product: facts, explain: true });
  const decision = decide(product);
  const contexts: { visibility: Explanation; checkout: Explanation } = { visibility: decision.visibility, checkout: decision.checkout };
  // The contexts explain the product's own facts; the flags are the one decision, which for a child
  // (variant, member, selection) also weighs its parents (DECISIONS.md 47), so support sees what shoppers get.
  const flags = wireBlock(judge(catalog, decide)(product.id)!);
  return { mode: snapshot.config.mode, enabled: snapshot.config.enabled, contexts, flags };
}
