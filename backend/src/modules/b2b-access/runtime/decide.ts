import type { Caller } from '../../../core/auth/caller.ts';
import type { ProductFacts } from '../engine/conditions.ts';
import { decideAccess, type AccessCaller, type AccessDecision, type GateFlags } from '../engine/evaluate.ts';
import type { AccessSnapshot } from './snapshot.ts';

/** Only signed-in customers have a group of their own; guests, API clients and admins see the NOT LOGGED IN view. */
export function accessCallerOf(caller: Caller): AccessCaller {
  return caller.kind === 'customer' ? { customerGroupId: caller.groupId, isGuest: false } : { customerGroupId: 0, isGuest: true };
}

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
export function wireBlock(decision: Pick<AccessDecision, 'flags' | 'hiddenPriceMessage' | 'redirectTo'>) {
  return { gateFlags: { ...decision.flags }, hiddenPriceMessage: decision.hiddenPriceMessage, redirectTo: decision.redirectTo };
}

/** A child that is a product of its own (variant, grouped member, bundle part): the stricter of its own decision and its parent's. */
export function stricter(parent: AccessDecision, own: AccessDecision | undefined): Pick<AccessDecision, 'flags' | 'hiddenPriceMessage' | 'redirectTo'> {
  if (!own) return parent;
  const flags: GateFlags = {
    requiresLogin: parent.flags.requiresLogin || own.flags.requiresLogin,
    hidePrice: parent.flags.hidePrice || own.flags.hidePrice,
    canCheckout: parent.flags.canCheckout && own.flags.canCheckout,
    hiddenFromListings: parent.flags.hiddenFromListings || own.flags.hiddenFromListings,
  };
  const message = parent.flags.hidePrice || !own.flags.hidePrice ? parent.hiddenPriceMessage : own.hiddenPriceMessage;
  return { flags, hiddenPriceMessage: message, redirectTo: parent.redirectTo ?? own.redirectTo };
}
