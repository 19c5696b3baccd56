/**
 * The access decision for one caller and one product (DECISIONS.md 16, 28, 29, 43), for both modes.
 * Pure: the rules, the configuration and the product's facts come in; nothing is read or written.
 */
import type { AccessConfig } from '../config.ts';
import type { Rule } from '../rules/schema.ts';
import { evaluateTree, treeProblem, type ConditionTree, type ProductFacts } from './conditions.ts';

export type { ProductFacts } from './conditions.ts';

/** Who asks: their customer group (0: NOT LOGGED IN) and whether they are signed in at all. */
export interface AccessCaller {
  customerGroupId: number;
  isGuest: boolean;
}

export type Decider = { ruleId: number; name: string } | { basic: string };

/** Which rule (or basic-mode reason) decided a context, and why each earlier rule did not fire. */
export interface Explanation {
  decidedBy: Decider | null;
  notFired: { ruleId: number; name: string; reason: string }[];
}

export interface GateFlags {
  requiresLogin: boolean;
  hidePrice: boolean;
  canCheckout: boolean;
  hiddenFromListings: boolean;
}

export interface AccessDecision {
  mode: 'off' | 'basic' | 'rules';
  flags: GateFlags;
  hiddenPriceMessage: string;
  /** A storefront path the gated product page redirects to, or null. */
  redirectTo: string | null;
  visibility: Explanation;
  checkout: Explanation;
}

/** Rules in evaluation order with their trees checked once, so deciding per product costs no re-checks. */
export interface PreparedRule {
  rule: Rule;
  /** Why the tree can never match, or null. */
  malformed: string | null;
  legacyProducts: ReadonlySet<number>;
}

/** DECISIONS.md 16: priority ascending, then id. Inactive rules stay (explain lists them) but never fire. */
export function prepareRules(rules: readonly Rule[]): PreparedRule[] {
  return [...rules]
    .sort((a, b) => a.priority - b.priority || a.id - b.id)
    .map((rule) => {
      const problem = rule.conditions === null ? null : treeProblem(rule.conditions);
      return { rule, malformed: problem ? `${problem.path ? `${problem.path}: ` : ''}${problem.message}` : null, legacyProducts: new Set(rule.legacy.productIds) };
    });
}

export interface DecisionInput {
  config: AccessConfig;
  rules: readonly PreparedRule[];
  caller: AccessCaller;
  storeCode: string;
  /** ISO 3166 alpha-2, or null while unknown (no address yet). */
  country: string | null;
  product: ProductFacts;
  /** Fill `notFired` (the explain tool); listings skip the work. */
  explain?: boolean;
}

type Context = 'visibility' | 'checkout';

const open: GateFlags = { requiresLogin: false, hidePrice: false, canCheckout: true, hiddenFromListings: false };
const noExplanation = (): Explanation => ({ decidedBy: null, notFired: [] });

/** The store's hidden-price message: its own override, else the configured one. */
export function storeMessage(config: AccessConfig, storeCode: string): string {
  return config.hidePrice.messageByStore[storeCode] ?? config.hidePrice.message;
}

/** DECISIONS.md 43: the wall covers the whole store for guests (basic mode, gate on every guest whatever the product). */
export function isStoreWideWall(config: AccessConfig): boolean {
  if (!config.enabled || config.mode !== 'basic' || !config.loginWall.enabled) return false;
  const { byCustomerGroup, customerGroups, byCategory } = config.activationMatrix;
  return (!byCustomerGroup && !byCategory) || (byCustomerGroup && customerGroups.includes(0));
}

const intersects = (a: readonly number[], b: readonly number[]) => a.some((value) => b.includes(value));

/** Basic mode (DECISIONS.md 28): the activation matrix, OR-combined; neither switch on gates everyone. */
function basicGate(config: AccessConfig, caller: AccessCaller, product: ProductFacts): string | null {
  const { byCustomerGroup, customerGroups, byCategory, categoryIds } = config.activationMatrix;
  if (!byCustomerGroup && !byCategory) return 'no activation switch is on: the gate applies to every caller and product';
  if (byCustomerGroup && customerGroups.includes(caller.customerGroupId)) return `customer group ${caller.customerGroupId} is gated`;
  // Facts list every ancestor of the product's categories, so a listed parent gates its descendants.
  const gated = product.categoryIds.find((id) => categoryIds.includes(id));
  if (byCategory && gated !== undefined) return `category ${gated} (or a category under it) is gated`;
  return null;
}

function decideBasic(input: DecisionInput): AccessDecision {
  const { config, caller, product } = input;
  const reason = basicGate(config, caller, product);
  const hidePrice = reason !== null && config.hidePrice.enabled;
  // DECISIONS.md 61: a hidden price is never charged blind, so hiding it blocks the purchase whatever
  // "block purchasing too" says; that switch still blocks where the gate applies and the price shows.
  const blocked = reason !== null && (hidePrice || config.hidePrice.blockPurchase);
  const requiresLogin = reason !== null && config.loginWall.enabled && caller.isGuest;
  const gatesVisibility = hidePrice || requiresLogin;
  return {
    mode: 'basic',
    flags: { requiresLogin, hidePrice, canCheckout: !blocked, hiddenFromListings: false },
    hiddenPriceMessage: storeMessage(config, input.storeCode),
    redirectTo: null,
    visibility: { decidedBy: gatesVisibility && reason ? { basic: reason } : null, notFired: [] },
    checkout: { decidedBy: blocked && reason ? { basic: reason } : null, notFired: [] },
  };
}

/** Why the rule does not fire for this context, or null when it fires (DECISIONS.md 16, 29). */
function whyNotFired(prepared: PreparedRule, context: Context, input: DecisionInput): string | null {
  const { rule } = prepared;
  if (!rule.isActive) return 'inactive';
  if (rule.enforcement !== 'both' && rule.enforcement !== context) return `enforced in ${rule.enforcement} only`;
  const { customerGroupIds, storeCodes, countries } = rule.scope;
  if (customerGroupIds.length > 0 && !customerGroupIds.includes(input.caller.customerGroupId)) return `customer group ${input.caller.customerGroupId} is not in its scope`;
  if (storeCodes.length > 0 && !storeCodes.includes(input.storeCode)) return `store ${input.storeCode} is not in its scope`;
  if (countries.length > 0) {
    if (input.country === null) return 'the country is not known yet and the rule is limited to countries';
    if (!countries.includes(input.country)) return `country ${input.country} is not in its scope`;
  }
  return productMismatch(prepared, input.product);
}

/**
 * Why the rule's product matching (DECISIONS.md 29) leaves the product out, or null when it selects
 * it: the condition tree when present (malformed: never), else the legacy lists when either is
 * non-empty, else every product.
 */
export function productMismatch(prepared: PreparedRule, product: ProductFacts): string | null {
  const { rule } = prepared;
  if (prepared.malformed !== null) return `its condition tree is malformed (${prepared.malformed})`;
  if (rule.conditions !== null) return evaluateTree(rule.conditions as ConditionTree, product) ? null : 'the product does not match its conditions';
  const { categoryIds } = rule.legacy;
  if (categoryIds.length === 0 && prepared.legacyProducts.size === 0) return null;
  return prepared.legacyProducts.has(product.id) || intersects(product.categoryIds, categoryIds) ? null : 'the product is not in its product or category lists';
}

/** The first rule that fires for the context, with the reasons of the rules before it when explaining. */
function firstFiring(context: Context, input: DecisionInput): { rule: Rule | null; explanation: Explanation } {
  const explanation = noExplanation();
  for (const prepared of input.rules) {
    const reason = whyNotFired(prepared, context, input);
    if (reason === null) {
      explanation.decidedBy = { ruleId: prepared.rule.id, name: prepared.rule.name };
      return { rule: prepared.rule, explanation };
    }
    if (input.explain) explanation.notFired.push({ ruleId: prepared.rule.id, name: prepared.rule.name, reason });
  }
  return { rule: null, explanation };
}

function decideRules(input: DecisionInput): AccessDecision {
  const { config, caller } = input;
  const visibility = firstFiring('visibility', input);
  const checkout = firstFiring('checkout', input);
  const actions = visibility.rule?.actions;
  const hidePrice = actions?.hidePrice ?? false;
  const hiddenFromListings = actions?.hideFromListings ?? false;
  const redirectTo = actions?.redirectToCmsPage ? `/${actions.redirectToCmsPage}` : null;
  // DECISIONS.md 29 sends guests to sign in where a visibility rule fired. A rule that fired with no
  // visibility action is an exception ("show these normally"), so it sends no one away.
  const gatesVisibility = hidePrice || hiddenFromListings || redirectTo !== null;
  return {
    mode: 'rules',
    flags: {
      requiresLogin: gatesVisibility && config.loginWall.enabled && caller.isGuest,
      hidePrice,
      // DECISIONS.md 61: a price hidden from the caller is never charged blind.
      canCheckout: !hidePrice && !(checkout.rule?.actions.blockPurchase ?? false),
      hiddenFromListings,
    },
    hiddenPriceMessage: visibility.rule?.hiddenPriceMessage ?? storeMessage(config, input.storeCode),
    redirectTo,
    visibility: visibility.explanation,
    // A hidden price blocks the purchase (61): the rule that hid it decided checkout too, unless a checkout rule blocked first.
    checkout: hidePrice && !checkout.rule?.actions.blockPurchase ? { ...checkout.explanation, decidedBy: visibility.explanation.decidedBy } : checkout.explanation,
  };
}

/** What the caller may do with the product, per context, and what decided it. */
export function decideAccess(input: DecisionInput): AccessDecision {
  if (!input.config.enabled) {
    return { mode: 'off', flags: { ...open }, hiddenPriceMessage: storeMessage(input.config, input.storeCode), redirectTo: null, visibility: noExplanation(), checkout: noExplanation() };
  }
  return input.config.mode === 'basic' ? decideBasic(input) : decideRules(input);
}

/** Whether any rule could hide products from listings for this caller (the visibility hook skips the catalog otherwise). */
export function mayHideFromListings(input: Omit<DecisionInput, 'product'>): boolean {
  if (!input.config.enabled || input.config.mode !== 'rules') return false;
  return input.rules.some(({ rule }) => rule.isActive && inCallerScope(rule, input) && rule.actions.hideFromListings && rule.enforcement !== 'checkout');
}

/**
 * Whether anything could hide a price or a product from this caller: the basic gate hiding prices,
 * or an active visibility rule in the caller's scope that hides either. When nothing can, no parent
 * needs its children judged for its shown price (runtime/annotate.ts).
 */
export function mayConceal(input: Omit<DecisionInput, 'product'>): boolean {
  if (!input.config.enabled) return false;
  if (input.config.mode === 'basic') return input.config.hidePrice.enabled;
  return input.rules.some(({ rule }) => {
    const { countries } = rule.scope;
    const inCountry = countries.length === 0 || (input.country !== null && countries.includes(input.country));
    return rule.isActive && inCallerScope(rule, input) && inCountry && (rule.actions.hidePrice || rule.actions.hideFromListings) && rule.enforcement !== 'checkout';
  });
}

/** The rule's group and store scope hold the caller (countries are checked where they matter). */
function inCallerScope(rule: Rule, input: Omit<DecisionInput, 'product'>): boolean {
  const { customerGroupIds, storeCodes } = rule.scope;
  return (customerGroupIds.length === 0 || customerGroupIds.includes(input.caller.customerGroupId)) && (storeCodes.length === 0 || storeCodes.includes(input.storeCode));
}
