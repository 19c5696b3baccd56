import { describe, expect, it } from 'vitest';
import { accessConfigSchema, type AccessConfig } from '../config.ts';
import type { Rule } from '../rules/schema.ts';
import { ruleInputSchema } from '../rules/schema.ts';
import type { ProductFacts } from './conditions.ts';
import { decideAccess, isStoreWideWall, prepareRules, type AccessCaller, type DecisionInput } from './evaluate.ts';

const config = (patch: Record<string, unknown> = {}): AccessConfig => accessConfigSchema.parse({ enabled: true, mode: 'rules', ...patch });
let nextId = 1;
const rule = (input: Record<string, unknown>): Rule => ({ id: nextId++, ...ruleInputSchema.parse({ name: `rule ${nextId}`, ...input }) });

const trade: ProductFacts = { id: 10, sku: 'TS-100', price: 90, categoryIds: [21, 20], attributes: { pack_size: 100 } };
const tee: ProductFacts = { id: 11, sku: 'TEE-1', price: 20, categoryIds: [5], attributes: {} };
const guest: AccessCaller = { customerGroupId: 0, isGuest: true };
const general: AccessCaller = { customerGroupId: 1, isGuest: false };
const wholesale: AccessCaller = { customerGroupId: 2, isGuest: false };

function decide(rules: Rule[], overrides: Partial<DecisionInput> = {}) {
  return decideAccess({ config: config(), rules: prepareRules(rules), caller: guest, storeCode: 'default', country: null, product: trade, explain: true, ...overrides });
}

const tradeCategory = { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'category_ids', operator: '==', value: 20 }] };

describe('rules mode: priority order, first firing rule', () => {
  it('the lowest priority decides, ties by id, later rules are not evaluated', () => {
    const late = rule({ priority: 20, actions: { hidePrice: true } });
    const exempt = rule({ priority: 10, scope: { customerGroupIds: [2] } });
    const first = rule({ priority: 10, scope: { customerGroupIds: [0, 1] }, actions: { hideFromListings: true } });
    const forGuest = decide([late, first, exempt]);
    expect(forGuest.flags).toEqual({ requiresLogin: false, hidePrice: false, canCheckout: true, hiddenFromListings: true });
    expect(forGuest.visibility.decidedBy).toEqual({ ruleId: first.id, name: first.name });
    expect(forGuest.visibility.notFired).toEqual([{ ruleId: exempt.id, name: exempt.name, reason: 'customer group 0 is not in its scope' }]);
    // Wholesale: the exemption fires first and decides; the later hide-price rule never runs.
    const forWholesale = decide([late, first, exempt], { caller: wholesale });
    expect(forWholesale.visibility.decidedBy).toEqual({ ruleId: exempt.id, name: exempt.name });
    expect(forWholesale.flags.hidePrice).toBe(false);
  });

  it('nothing fires: everything open', () => {
    const decision = decide([rule({ scope: { storeCodes: ['au'] }, actions: { hidePrice: true } })]);
    expect(decision.flags).toEqual({ requiresLogin: false, hidePrice: false, canCheckout: true, hiddenFromListings: false });
    expect(decision.visibility.decidedBy).toBeNull();
    expect(decision.visibility.notFired[0]?.reason).toBe('store default is not in its scope');
  });
});

describe('rules mode: scope dimensions', () => {
  const gb = rule({ scope: { countries: ['GB'] }, actions: { blockPurchase: true } });
  const cases: [string, string | null, boolean, string | undefined][] = [
    ['country unknown does not match a rule limited to countries', null, true, 'the country is not known yet and the rule is limited to countries'],
    ['another country', 'US', true, 'country US is not in its scope'],
    ['the listed country', 'GB', false, undefined],
  ];
  it.each(cases)('%s', (_name, country, canCheckout, reason) => {
    const decision = decide([gb], { country });
    expect(decision.flags.canCheckout).toBe(canCheckout);
    expect(decision.checkout.notFired[0]?.reason).toBe(reason);
  });

  it('an empty dimension matches any value, an unknown country included', () => {
    expect(decide([rule({ actions: { blockPurchase: true } })], { country: null }).flags.canCheckout).toBe(false);
  });

  it('store and customer group restrict', () => {
    const au = rule({ scope: { storeCodes: ['au'], customerGroupIds: [1] }, actions: { hidePrice: true } });
    expect(decide([au], { storeCode: 'au', caller: general }).flags.hidePrice).toBe(true);
    expect(decide([au], { storeCode: 'default', caller: general }).flags.hidePrice).toBe(false);
    expect(decide([au], { storeCode: 'au', caller: wholesale }).flags.hidePrice).toBe(false);
  });
});

describe('rules mode: product matching', () => {
  it('legacy category lists cover descendants; product links match by id', () => {
    const byCategory = rule({ legacy: { categoryIds: [20], productIds: [] }, actions: { hidePrice: true } });
    expect(decide([byCategory], { product: trade }).flags.hidePrice).toBe(true);
    expect(decide([byCategory], { product: tee }).flags.hidePrice).toBe(false);
    const byProduct = rule({ legacy: { categoryIds: [], productIds: [11] }, actions: { hidePrice: true } });
    expect(decide([byProduct], { product: tee }).flags.hidePrice).toBe(true);
    expect(decide([byProduct], { product: trade }).visibility.notFired[0]?.reason).toBe('the product is not in its product or category lists');
  });

  it('a condition tree wins over the legacy lists; no tree and no lists matches every product in scope', () => {
    const tree = rule({ conditions: tradeCategory, legacy: { categoryIds: [], productIds: [11] }, actions: { hidePrice: true } });
    expect(decide([tree], { product: trade }).flags.hidePrice).toBe(true);
    expect(decide([tree], { product: tee }).flags.hidePrice).toBe(false);
    const everything = rule({ actions: { hidePrice: true } });
    expect(decide([everything], { product: tee }).flags.hidePrice).toBe(true);
  });

  it('a malformed tree never matches, and evaluation goes on to the next rule', () => {
    const broken = rule({ actions: { hidePrice: true } });
    broken.conditions = { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '~' as never, value: 'TS' }] };
    const next = rule({ priority: 50, actions: { hideFromListings: true } });
    const decision = decide([broken, next]);
    expect(decision.flags).toMatchObject({ hidePrice: false, hiddenFromListings: true });
    expect(decision.visibility.notFired[0]?.reason).toMatch(/^its condition tree is malformed \(conditions\.0\.operator/);
  });

  it('inactive rules never fire', () => {
    const off = rule({ isActive: false, actions: { hidePrice: true } });
    expect(decide([off]).flags.hidePrice).toBe(false);
    expect(decide([off]).visibility.notFired[0]?.reason).toBe('inactive');
  });
});

describe('rules mode: enforcement contexts', () => {
  const actions = { hidePrice: true, blockPurchase: true, hideFromListings: true, redirectToCmsPage: 'trade-account' };
  const cases: [string, 'visibility' | 'checkout' | 'both', { hidePrice: boolean; canCheckout: boolean; hiddenFromListings: boolean; redirectTo: string | null }][] = [
    // A hidden price blocks the purchase whatever the enforcement (DECISIONS.md 61).
    ['visibility covers hiding and redirect; the hidden price blocks purchase', 'visibility', { hidePrice: true, canCheckout: false, hiddenFromListings: true, redirectTo: '/trade-account' }],
    ['checkout covers purchase only', 'checkout', { hidePrice: false, canCheckout: false, hiddenFromListings: false, redirectTo: null }],
    ['both covers all', 'both', { hidePrice: true, canCheckout: false, hiddenFromListings: true, redirectTo: '/trade-account' }],
  ];
  it.each(cases)('%s', (_name, enforcement, expected) => {
    const decision = decide([rule({ enforcement, actions })], { caller: general });
    expect({ ...decision.flags, redirectTo: decision.redirectTo }).toMatchObject(expected);
  });

  it('each context has its own first rule', () => {
    const seeOnly = rule({ priority: 1, enforcement: 'visibility' });
    const block = rule({ priority: 2, actions: { hidePrice: true, blockPurchase: true } });
    const decision = decide([seeOnly, block], { caller: general });
    expect([decision.visibility.decidedBy, decision.checkout.decidedBy]).toEqual([
      { ruleId: seeOnly.id, name: seeOnly.name },
      { ruleId: block.id, name: block.name },
    ]);
    expect(decision.flags).toMatchObject({ hidePrice: false, canCheckout: false });
    expect(decision.checkout.notFired).toEqual([{ ruleId: seeOnly.id, name: seeOnly.name, reason: 'enforced in visibility only' }]);
  });

  it('the message: the rule, else the store override, else the configured one', () => {
    const withMessage = rule({ actions: { hidePrice: true }, hiddenPriceMessage: 'Trade only.' });
    const plain = rule({ actions: { hidePrice: true } });
    const settings = config({ hidePrice: { message: 'Sign in.', messageByStore: { au: 'G’day, sign in.' } } });
    expect(decide([withMessage], { config: settings }).hiddenPriceMessage).toBe('Trade only.');
    expect(decide([plain], { config: settings, storeCode: 'au' }).hiddenPriceMessage).toBe('G’day, sign in.');
    expect(decide([plain], { config: settings }).hiddenPriceMessage).toBe('Sign in.');
  });

  it('requiresLogin: guests only, with the wall on, where a visibility rule gated the product', () => {
    const gate = rule({ conditions: tradeCategory, actions: { hidePrice: true } });
    const walled = config({ loginWall: { enabled: true } });
    expect(decide([gate], { config: walled }).flags.requiresLogin).toBe(true);
    expect(decide([gate], { config: walled, caller: general }).flags.requiresLogin).toBe(false);
    expect(decide([gate], { config: walled, product: tee }).flags.requiresLogin).toBe(false);
    expect(decide([gate]).flags.requiresLogin).toBe(false);
    // An exception rule (fires, changes nothing) sends no one away.
    expect(decide([rule({})], { config: walled }).flags.requiresLogin).toBe(false);
  });
});

describe('basic mode and the difference with rules mode', () => {
  const rules = [rule({ actions: { hideFromListings: true } })];
  const basic = (matrix: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    config({ mode: 'basic', hidePrice: { enabled: true, blockPurchase: true }, activationMatrix: matrix, ...extra });

  it('rules are ignored in basic mode, the matrix decides', () => {
    const decision = decide(rules, { config: basic({ byCustomerGroup: true, customerGroups: [0] }) });
    expect(decision.mode).toBe('basic');
    expect(decision.flags).toEqual({ requiresLogin: false, hidePrice: true, canCheckout: false, hiddenFromListings: false });
    expect(decision.visibility.decidedBy).toEqual({ basic: 'customer group 0 is gated' });
    expect(decide(rules, { config: basic({ byCustomerGroup: true, customerGroups: [0] }), caller: wholesale }).flags.hidePrice).toBe(false);
  });

  const matrixCases: [string, Record<string, unknown>, AccessCaller, ProductFacts, boolean][] = [
    ['neither switch: everyone, every product', {}, wholesale, tee, true],
    ['group listed', { byCustomerGroup: true, customerGroups: [1] }, general, tee, true],
    ['group not listed', { byCustomerGroup: true, customerGroups: [1] }, wholesale, tee, false],
    ['category listed: its descendants inherit', { byCategory: true, categoryIds: [20] }, wholesale, trade, true],
    ['category not listed', { byCategory: true, categoryIds: [20] }, wholesale, tee, false],
    ['OR-combined: the category gates a group not listed', { byCustomerGroup: true, customerGroups: [1], byCategory: true, categoryIds: [20] }, wholesale, trade, true],
  ];
  it.each(matrixCases)('matrix: %s', (_name, matrix, caller, product, gated) => {
    expect(decide([], { config: basic(matrix), caller, product }).flags.hidePrice).toBe(gated);
  });

  it('a hidden price is never charged blind, even without "block purchasing too" (DECISIONS.md 61)', () => {
    const decision = decide([], { config: config({ mode: 'basic', hidePrice: { enabled: true } }) });
    expect(decision.flags).toMatchObject({ hidePrice: true, canCheckout: false });
  });

  it('"block purchasing too" alone blocks where the gate applies and the price shows (DECISIONS.md 61)', () => {
    const decision = decide([], { config: config({ mode: 'basic', hidePrice: { enabled: false, blockPurchase: true } }) });
    expect(decision.flags).toMatchObject({ hidePrice: false, canCheckout: false });
  });

  it('a rule that hides the price blocks purchase too, and explain names it for checkout (DECISIONS.md 61)', () => {
    const seeOnly = rule({ actions: { hidePrice: true }, enforcement: 'visibility' });
    const decision = decide([seeOnly], { caller: general });
    expect(decision.flags).toMatchObject({ hidePrice: true, canCheckout: false });
    expect(decision.checkout.decidedBy).toEqual({ ruleId: seeOnly.id, name: seeOnly.name });
  });

  it('the module switched off gates nothing, in either mode', () => {
    for (const mode of ['basic', 'rules']) expect(decide(rules, { config: config({ enabled: false, mode, hidePrice: { enabled: true } }) }).flags).toEqual({ requiresLogin: false, hidePrice: false, canCheckout: true, hiddenFromListings: false });
  });
});

describe('DECISIONS.md 43: the store-wide login wall', () => {
  const walls: [string, Record<string, unknown>, boolean][] = [
    ['basic, no matrix switch', { mode: 'basic', loginWall: { enabled: true } }, true],
    ['basic, guests listed', { mode: 'basic', loginWall: { enabled: true }, activationMatrix: { byCustomerGroup: true, customerGroups: [0, 1] } }, true],
    ['basic, guests listed and categories too', { mode: 'basic', loginWall: { enabled: true }, activationMatrix: { byCustomerGroup: true, customerGroups: [0], byCategory: true, categoryIds: [20] } }, true],
    ['basic, categories only', { mode: 'basic', loginWall: { enabled: true }, activationMatrix: { byCategory: true, categoryIds: [20] } }, false],
    ['basic, guests not listed', { mode: 'basic', loginWall: { enabled: true }, activationMatrix: { byCustomerGroup: true, customerGroups: [1] } }, false],
    ['wall off', { mode: 'basic' }, false],
    ['rules decide', { mode: 'rules', loginWall: { enabled: true } }, false],
    ['module off', { enabled: false, mode: 'basic', loginWall: { enabled: true } }, false],
  ];
  it.each(walls)('%s', (_name, patch, storeWide) => {
    const settings = config(patch);
    expect(isStoreWideWall(settings)).toBe(storeWide);
    // Store-wide means every product requires login for a guest; signed-in callers are never sent away.
    if (storeWide) {
      for (const product of [trade, tee]) expect(decide([], { config: settings, product }).flags.requiresLogin).toBe(true);
      expect(decide([], { config: settings, caller: general }).flags.requiresLogin).toBe(false);
    }
  });

  it('a category wall sends guests away from the gated products only', () => {
    const settings = config({ mode: 'basic', loginWall: { enabled: true }, activationMatrix: { byCategory: true, categoryIds: [20] } });
    expect([trade, tee].map((product) => decide([], { config: settings, product }).flags.requiresLogin)).toEqual([true, false]);
  });
});
