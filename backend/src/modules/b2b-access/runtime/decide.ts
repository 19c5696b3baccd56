import type { Caller } from '../../../platform/auth/caller.ts';
import type { ProductFacts } from '../engine/conditions.ts';
import { decideAccess, type AccessCaller, type AccessDecision, type GateFlags } from '../engine/evaluate.ts';
import { asChildOf, type CatalogFacts, type Wanted } from './facts.ts';
import type { AccessSnapshot } from './snapshot.ts';

/** Only signed-in customers have a group of their own; guests, API clients and admins see the NOT LOGGED IN view. */
export function accessCallerOf(caller: Caller): AccessCaller {
  return caller.kind === 'customer' ? { customerGroupId: caller.groupId, isGuest: false } : { customerGroupId: 0, isGuest: true };
}

/** What the wire and the loaders need of a decision (the explanations are the explain tool's). */
export type Verdict = Pick<AccessDecision, 'flags' | 'hiddenPriceMessage' | 'redirectTo'>;

/** Everything of a decision but the product: fixed for one request. */
export interface RequestScope {
  caller: Caller;
  storeCode: string;
  country: string | null;
}

/** A decider bound to the snapshot and the request, called once per product. */
export function decider(snapshot: AccessSnapshot, scope: RequestScope): (product: ProductFacts) => AccessDecision {
  const caller = accessCallerOf(scope.caller);
  return (product) => decideAccess({ config: snapshot.config, rules: snapshot.rules, caller, storeCode: scope.storeCode, country: scope.country, product });
}

/** The wire block (DECISIONS.md 30) of a decision. */
export function wireBlock(decision: Verdict) {
  return { gateFlags: { ...decision.flags }, hiddenPriceMessage: decision.hiddenPriceMessage, redirectTo: decision.redirectTo };
}

/** The strictest of several decisions: hidden if any hides, buyable only if all allow; the first hiding decision's message. */
export function strictest(decisions: readonly Verdict[]): Verdict {
  const [first, ...rest] = decisions;
  if (!first) throw new Error('strictest() needs at least one decision');
  if (rest.length === 0) return first;
  const flags: GateFlags = {
    requiresLogin: decisions.some((d) => d.flags.requiresLogin),
    hidePrice: decisions.some((d) => d.flags.hidePrice),
    canCheckout: decisions.every((d) => d.flags.canCheckout),
    hiddenFromListings: decisions.some((d) => d.flags.hiddenFromListings),
  };
  const message = (decisions.find((d) => d.flags.hidePrice) ?? first).hiddenPriceMessage;
  return { flags, hiddenPriceMessage: message, redirectTo: decisions.find((d) => d.redirectTo !== null)?.redirectTo ?? null };
}

/**
 * THE access decision of a product for one request (DECISIONS.md 47): every loader, annotation and
 * cart check asks this, so no surface can judge a record differently. A product is judged on its own
 * facts; a child (variant, grouped member, bundle selection) also as a child of each parent (its
 * facts in the parent's categories and attributes) and by each parent's own decision: the strictest
 * wins, so a child never shows or sells more than the parent it is reached through. Memoised per
 * product for the request. Undefined for an id the catalog does not hold.
 */
export function judge(catalog: CatalogFacts, decide: (product: ProductFacts) => AccessDecision): (productId: number) => Verdict | undefined {
  const seen = new Map<number, Verdict>();
  return (productId) => {
    const held = seen.get(productId);
    if (held) return held;
    const own = catalog.facts.get(productId);
    if (!own) return undefined;
    const decisions: Verdict[] = [decide(own)];
    for (const parentId of catalog.parents.get(productId) ?? []) {
      const parent = catalog.facts.get(parentId);
      if (parent) decisions.push(decide(parent), decide(asChildOf(own, parent)));
    }
    const verdict = strictest(decisions);
    seen.set(productId, verdict);
    return verdict;
  };
}

/**
 * The judge of one request over the store's catalog, by product id or SKU. `wanted` names the
 * products the request will ask about: one newer than the held catalog makes the snapshot read the
 * catalog again, so the judge knows every product that exists.
 */
export async function requestJudge(snapshot: AccessSnapshot, scope: RequestScope, storeId: number, wanted: Wanted = {}) {
  const catalog = await snapshot.catalog(storeId, wanted);
  const verdictOf = judge(catalog, decider(snapshot, scope));
  return {
    verdictOf,
    verdictOfSku: (sku: string) => verdictOf(catalog.idsBySku.get(sku) ?? 0),
    ids: () => catalog.facts.keys(),
    childrenOf: (parentId: number) => childrenIndex(catalog).get(parentId) ?? [],
  };
}

/** Each parent's children: the inverse of `parents`, built once per catalog the snapshot holds. */
const childrenIndexes = new WeakMap<CatalogFacts, ReadonlyMap<number, readonly number[]>>();
export function childrenIndex(catalog: CatalogFacts): ReadonlyMap<number, readonly number[]> {
  let index = childrenIndexes.get(catalog);
  if (!index) {
    const built = new Map<number, number[]>();
    for (const [childId, parentIds] of catalog.parents) {
      for (const parentId of parentIds) {
        const known = built.get(parentId);
        if (known) known.push(childId);
        else built.set(parentId, [childId]);
      }
    }
    index = built;
    childrenIndexes.set(catalog, index);
  }
  return index;
}
