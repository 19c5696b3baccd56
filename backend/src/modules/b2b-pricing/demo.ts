import { bulkPacks } from '../../demo/trade.ts';
import { roundMoney } from '../../domains/carts/money.ts';
import { changeCustomerGroup, createCustomer } from '../../domains/customers/service.ts';
import { createCompany } from './companies.ts';
import type { PricingConfig } from './config.ts';
import type { PricingContext } from './context.ts';
import { createPriceList } from './price-lists.ts';
import { b2bPricingCompanies } from './tables.ts';

/** The demo's second Harbour Cafés buyer (README "Demo data"). */
export const harbourBarista = { email: 'barista@harbour-cafes.example', password: 'Harbour#2026' };
export const harbourListCode = 'harbour-cafes';
/** The SKU sold by the outer case: multiples of 5 boxes, at least one case. */
export const caseSku = 'TS-CLIP50';

/** Breaks off the catalog (USD) price: 1+, 10+, 50+. */
const breaks = [
  { minQty: 1, share: 0.92 },
  { minQty: 10, share: 0.85 },
  { minQty: 50, share: 0.78 },
];

/**
 * The demo shop's B2B Pricing (README "Demo data"): the company "Harbour Cafés" with the demo
 * Wholesale account as its admin buyer and a second buyer, net-30 terms with a credit limit, and its
 * price list on the Trade Supplies range with quantity breaks and one case increment. The list is in
 * US dollars, so it applies in the default (US) store view only: the Australian view keeps its prices.
 */
export async function seedPricingDemo(ctx: PricingContext, configure: (patch: Partial<PricingConfig>) => Promise<void>): Promise<void> {
  await configure({ enabled: true, showTierPrices: true });
  // `npm run seed -- --reset` empties the core tables, not the module's: a company already there stays.
  if ((await ctx.db.select({ id: b2bPricingCompanies.id }).from(b2bPricingCompanies).limit(1)).length > 0) return;
  const admin = await ctx.customers.byEmail('buyer@trade.example');
  const wholesale = await ctx.customers.groupIdByCode('Wholesale');
  const store = await ctx.stores.defaultStore();
  if (!admin || wholesale === undefined || !store) return; // An edited demo without the trade account: nothing to price.
  const baristaId = await createCustomer(ctx.db, ctx.hooks, { ...harbourBarista, firstName: 'Robin', lastName: 'Barista' });
  await changeCustomerGroup(ctx.db, { customerId: baristaId, groupId: wholesale, actor: 'system' });
  const list = await createPriceList(ctx, {
    code: harbourListCode,
    name: 'Harbour Cafés: Trade Supplies',
    storeCodes: [store.code],
    items: bulkPacks.map((item) => ({
      sku: item.sku,
      tiers: breaks.map(({ minQty, share }) => ({ minQty, price: roundMoney(item.usd * share) })),
      ...(item.sku === caseSku ? { minQty: 5, increment: 5 } : {}),
    })),
  });
  await createCompany(ctx, {
    name: 'Harbour Cafés',
    customerGroupId: wholesale,
    priceListIds: [list.id],
    paymentTerms: { netDays: 30, creditLimit: 5000 },
    buyers: [
      { customerId: admin.id, role: 'admin' },
      { customerId: baristaId, role: 'buyer' },
    ],
  });
}
