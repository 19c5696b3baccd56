import type { HookMap } from '../../../platform/modules/hooks.ts';
import { AppError } from '../../../platform/errors.ts';
import type { PricingContext } from '../context.ts';
import { callerEntries } from './caller-lists.ts';
import { brokenRule, listPriceFor, quantityRulesOf, type ListEntry, type QuantityRules } from './tiers.ts';

async function storeCodeOf(ctx: PricingContext, storeId: number): Promise<string | undefined> {
  return (await ctx.stores.all()).find((store) => store.id === storeId)?.code;
}

/** The caller's entries for these SKUs in the cart's store view (none for guests, or with the module off). */
async function cartEntries(ctx: PricingContext, caller: HookMap['cart.view']['caller'], storeId: number, skus: readonly string[]) {
  const storeCode = await storeCodeOf(ctx, storeId);
  return storeCode === undefined ? new Map<string, ListEntry[]>() : callerEntries(ctx, caller, storeCode, skus);
}

/** `cart.priceLines`: each line at the price its own quantity reaches in the caller's lists. */
export async function priceCartLines(input: HookMap['cart.priceLines'], ctx: PricingContext): Promise<void> {
  const entries = await cartEntries(ctx, input.caller, input.storeId, input.lines.map((line) => line.sku));
  for (const line of input.lines) {
    const found = listPriceFor(entries.get(line.sku) ?? [], line.qty);
    if (found) input.price(line.id, found.price);
  }
}

const ruleText = { min: (r: QuantityRules) => `at least ${r.minQty}`, max: (r: QuantityRules) => `at most ${r.maxQty}`, increment: (r: QuantityRules) => `in multiples of ${r.increment}` };

/** 400 `quantity_rule`, naming the rule broken and every rule of the SKU, so a client can correct the quantity. */
function quantityRule(sku: string, qty: number, rules: QuantityRules, rule: 'min' | 'max' | 'increment'): AppError {
  return new AppError('invalid', 'quantity_rule', `${sku} is sold ${ruleText[rule](rules)}; ${qty} is not allowed.`, {
    field: 'qty',
    sku,
    qty,
    rule,
    minQty: rules.minQty,
    maxQty: rules.maxQty,
    increment: rules.increment,
  });
}

/**
 * `cart.validateAdd`: an add or a quantity change whose new quantity breaks the SKU's rules is refused.
 * A bundle's parts are not judged by their own rules: the bundle is what is sold, priced as a whole.
 */
export async function refuseRuleBreakingQty(input: HookMap['cart.validateAdd'], ctx: PricingContext): Promise<void> {
  if (input.partOf) return;
  const entries = (await cartEntries(ctx, input.caller, input.storeId, [input.sku])).get(input.sku);
  if (!entries) return;
  const rules = quantityRulesOf(entries);
  const broken = brokenRule(rules, input.qty);
  if (broken) throw quantityRule(input.sku, input.qty, rules, broken);
}

/**
 * `checkout.beforePlaceOrder`: the rules again, on every line priced by its product, since a list may
 * have changed since the lines were added (and a guest's cart merged on sign-in was never judged).
 */
export async function refuseRuleBreakingOrder(input: HookMap['checkout.beforePlaceOrder'], ctx: PricingContext): Promise<void> {
  const lines = (await ctx.carts.lines(input.cartId)).filter((line) => line.configuration === null);
  const entries = await cartEntries(ctx, input.caller, input.storeId, lines.map((line) => line.sku));
  for (const line of lines) {
    const own = entries.get(line.sku);
    if (!own) continue;
    const rules = quantityRulesOf(own);
    const broken = brokenRule(rules, line.qty);
    if (broken) throw quantityRule(line.sku, line.qty, rules, broken);
  }
}
