import { wholesaleOnly } from '../../demo/trade.ts';
import type { AccessConfig } from './config.ts';
import type { AccessContext } from './context.ts';
import { createRule, listRules } from './rules/service.ts';

/**
 * The demo shop's B2B Access (README "Demo data"): rules mode, with the Trade Supplies category's prices
 * hidden from guests and General and its purchase blocked, and the Wholesale-only fixtures hidden from
 * them altogether. The Wholesale group (and the demo buyer in it) sees and buys everything.
 */
const guestsAndGeneral = [0, 1];
export const tradeMessage = 'Trade prices are shown to approved trade accounts. Sign in or apply for one.';

export async function seedAccessDemo(ctx: AccessContext, configure: (patch: Partial<AccessConfig>) => Promise<void>): Promise<void> {
  const tradeId = await ctx.catalog.categoryIdByUrlKey('trade-supplies');
  if (tradeId === undefined) return; // A catalog without the trade range (an edited demo): nothing to gate.
  await configure({ enabled: true, mode: 'rules', hidePrice: { enabled: true, message: tradeMessage, blockPurchase: true, messageByStore: {} } });
  // `npm run seed -- --reset` empties the core tables, not the module's: rules already there stay.
  if ((await listRules(ctx, { page: 1, itemsPerPage: 1 })).totalItems > 0) return;
  // Lower priority numbers decide first: the fixtures sit in Trade Supplies too, and must be hidden, not only priced.
  await createRule(ctx, {
    name: 'Wholesale-only fixtures: hidden from guests and General',
    priority: 10,
    scope: { customerGroupIds: guestsAndGeneral },
    conditions: { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '()', value: wholesaleOnly.map((item) => item.sku) }] },
    actions: { hideFromListings: true, hidePrice: true, blockPurchase: true },
    enforcement: 'both',
  });
  await createRule(ctx, {
    name: 'Trade Supplies: trade prices for trade accounts',
    priority: 20,
    scope: { customerGroupIds: guestsAndGeneral },
    conditions: { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'category_ids', operator: '()', value: [tradeId] }] },
    actions: { hidePrice: true, blockPurchase: true },
    enforcement: 'both',
  });
}
