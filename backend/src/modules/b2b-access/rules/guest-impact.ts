/**
 * A rule change reaches the storefront within seconds (DECISIONS.md 62): every rule change announces
 * the products whose guest view it may have changed (`guest_view_changed`), and the storefront
 * connector re-syncs just those (or the whole catalog when the change cannot be narrowed down).
 */
import { prepareRules, productMismatch } from '../engine/evaluate.ts';
import { accessSnapshot } from '../runtime/snapshot.ts';
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
 * The products `rules` (their versions before and after a change) may decide for guests: those their
 * product matching names in any store's listable catalog. null: every product (a rule without
 * conditions or lists matches the whole catalog, or too many products to name); [] : no guest's view moved.
 */
export async function guestImpact(ctx: AccessContext, rules: readonly (Rule | RuleInput)[]): Promise<number[] | null> {
  const config = await ctx.config();
  const relevant = rules.filter(concernsGuests);
  if (!config.enabled || config.mode !== 'rules' || relevant.length === 0) return [];
  const prepared = prepareRules(relevant.map((rule, index) => ({ ...rule, id: 'id' in rule ? rule.id : -1 - index })));
  if (prepared.some(({ rule, malformed }) => malformed === null && rule.conditions === null && rule.legacy.categoryIds.length === 0 && rule.legacy.productIds.length === 0)) return null;
  // The snapshot of the module's own (non-transaction) context: the catalog's facts do not depend on the rules.
  const snapshot = await accessSnapshot(ctx);
  const matched = new Set<number>();
  for (const store of await ctx.stores.all()) {
    for (const product of await snapshot.listableFacts(store.id)) {
      if (prepared.some((rule) => productMismatch(rule, product) === null)) matched.add(product.id);
    }
    if (matched.size > namedSyncLimit) return null;
  }
  return [...matched].sort((a, b) => a - b);
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
