/**
 * A rule change reaches the storefront within seconds (DECISIONS.md 62): every rule change announces
 * the products whose guest view it may have changed (`guest_view_changed`), and the storefront
 * connector re-syncs just those (or the whole catalog when the change cannot be narrowed down).
 */
import { prepareRules, productMismatch } from '../engine/evaluate.ts';
import { childrenIndex } from '../runtime/decide.ts';
import { asChildOf } from '../runtime/facts.ts';
import { accessSnapshot } from '../runtime/snapshot.ts';
import type { ProductFacts } from '../engine/conditions.ts';
import type { Rule, RuleInput } from './schema.ts';
import type { AccessContext } from '../context.ts';

/**
 * Beyond this many products a named sync (one backend read per product) costs more than a full one,
 * and a rule that broad is a catalog-wide change anyway: the announcement says "every product".
 */
const namedSyncLimit = 100;

/**
 * Whether a rule can decide anything for a guest: a scope naming customer groups without NOT LOGGED
 * IN (0) never fires for guests, nor one naming countries (a guest's country is unknown, and an
 * unknown country does not match a country-scoped rule: DECISIONS.md 16). Store scopes are not
 * narrowed: the connector's sync covers its store only anyway.
 */
function concernsGuests(rule: RuleInput): boolean {
  const { customerGroupIds, countries } = rule.scope;
  return (customerGroupIds.length === 0 || customerGroupIds.includes(0)) && countries.length === 0;
}

/**
 * The products `rules` (their versions before and after a change) may decide for guests, as pages the
 * storefront holds: every product a rule matches (on its own facts, or as a child under a parent's
 * facts, as decide.ts `judge` reads it), with the parents of each (a configurable's, grouped or bundle
 * page shows its children's prices, and a child's own decision takes in its parents') and the children
 * of each (judged with the matched parent's facts); of those, the listable ones, which have pages.
 * null: every product (a rule without conditions or lists matches the whole catalog, or too many
 * products to name); [] : no guest's view moved.
 */
export async function guestImpact(ctx: AccessContext, rules: readonly (Rule | RuleInput)[]): Promise<number[] | null> {
  const config = await ctx.config();
  const relevant = rules.filter(concernsGuests);
  if (!config.enabled || config.mode !== 'rules' || relevant.length === 0) return [];
  const prepared = prepareRules(relevant.map((rule, index) => ({ ...rule, id: 'id' in rule ? rule.id : -1 - index })));
  if (prepared.some(({ rule, malformed }) => malformed === null && rule.conditions === null && rule.legacy.categoryIds.length === 0 && rule.legacy.productIds.length === 0)) return null;
  // The snapshot of the module's own (non-transaction) context: the catalog's facts do not depend on the rules.
  const snapshot = await accessSnapshot(ctx);
  const affected = new Set<number>();
  for (const store of await ctx.stores.all()) {
    const catalog = await snapshot.catalog(store.id);
    const inStore = new Set<number>();
    const matches = (product: ProductFacts) => prepared.some((rule) => productMismatch(rule, product) === null);
    const children = childrenIndex(catalog);
    for (const product of catalog.facts.values()) {
      const parents = catalog.parents.get(product.id) ?? [];
      const underParent = parents.some((parentId) => {
        const parent = catalog.facts.get(parentId);
        return parent !== undefined && matches(asChildOf(product, parent));
      });
      if (!matches(product) && !underParent) continue;
      for (const id of [product.id, ...parents, ...(children.get(product.id) ?? [])]) inStore.add(id);
    }
    for (const product of catalog.listable) if (inStore.has(product.id)) affected.add(product.id);
    if (affected.size > namedSyncLimit) return null;
  }
  return [...affected].sort((a, b) => a - b);
}

/**
 * Announces a change of `rules` (before and after) in `tx`, so it commits with the change: the
 * products it may have changed for guests (computed by the caller with `guestImpact` outside the
 * transaction, where the catalog's facts are cached), and the store config when a country-scoped rule
 * is involved (the discovery answer's `variesByCountry` may have moved: DECISIONS.md 48). Announced
 * even when nothing moved for guests, so the admin's save-status line always gets its answer (the
 * connector then only confirms the storefront's config, a cheap call).
 */
export async function announceRuleChange(tx: AccessContext, rules: readonly (Rule | RuleInput)[], productIds: number[] | null): Promise<void> {
  await tx.events.publish('guest_view_changed', { productIds, storeConfig: rules.some((rule) => rule.scope.countries.length > 0) });
}
