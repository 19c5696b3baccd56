import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { shopper, tradeBuyer } from '../../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import { bulkPacks, wholesaleOnly } from '../../../demo/trade.ts';
import { tradeMessage } from '../demo.ts';
import b2bAccess from '../index.ts';
import type { RuleView } from '../rules/service.ts';

describe.each(dialects)('B2B Access demo data (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bAccess] });
    admin = await adminBearer(shop);
    await shop.modules.seedDemo();
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('turns the module on in rules mode with the trade message', async () => {
    const config = await shop.send('GET', '/api/rest/v2/admin/b2b-access/config', { headers: admin });
    expect(config.body).toMatchObject({ enabled: true, mode: 'rules', hidePrice: { enabled: true, message: tradeMessage, blockPurchase: true } });
  });

  it('hides the Wholesale-only fixtures first, then gates Trade Supplies, both for guests and General only', async () => {
    const rules = await shop.send<{ member: RuleView[] }>('GET', '/api/rest/v2/admin/b2b-access/rules', { headers: admin });
    const [fixtures, trade] = rules.body.member;
    expect(rules.body.member).toHaveLength(2);
    expect(fixtures).toMatchObject({ isActive: true, scope: { customerGroupIds: [0, 1] }, actions: { hideFromListings: true, hidePrice: true, blockPurchase: true }, malformed: null });
    expect(fixtures?.conditions).toMatchObject({ conditions: [{ attribute: 'sku', operator: '()', value: wholesaleOnly.map((item) => item.sku) }] });
    expect(trade).toMatchObject({ isActive: true, scope: { customerGroupIds: [0, 1] }, actions: { hideFromListings: false, hidePrice: true, blockPurchase: true }, malformed: null });
    expect(trade?.conditions).toMatchObject({ conditions: [{ attribute: 'category_ids', operator: '()' }] });
  });

  it('adds no second set of rules when seeded again (npm run seed -- --reset keeps module tables)', async () => {
    await shop.modules.seedDemo();
    const rules = await shop.send<{ totalItems: number }>('GET', '/api/rest/v2/admin/b2b-access/rules', { headers: admin });
    expect(rules.body.totalItems).toBe(2);
  });

  it('shows guests and General the bulk packs without prices or a way to buy, and the Wholesale buyer everything', async () => {
    interface Listed { sku: string; price: number | null; finalPrice: number | null; extensions?: { b2bAccess?: { gateFlags: Record<string, boolean>; hiddenPriceMessage: string } } }
    const categories = await shop.send<{ member: { id: number; urlKey: string }[] }>('GET', '/api/rest/v2/categories?itemsPerPage=100');
    const trade = categories.body.member.find((category) => category.urlKey === 'trade-supplies');
    const listing = async (headers: Record<string, string>) =>
      (await shop.send<{ member: Listed[] }>('GET', `/api/rest/v2/products?categoryId=${trade?.id}&itemsPerPage=100`, { headers })).body.member;
    const packSkus = bulkPacks.map((item) => item.sku).sort();
    const fixtureSkus = wholesaleOnly.map((item) => item.sku);

    for (const headers of [{}, await bearerFor(shop, shopper)]) {
      const seen = await listing(headers);
      expect(seen.map((product) => product.sku).sort()).toEqual(packSkus);
      for (const product of seen) {
        expect([product.price, product.finalPrice], product.sku).toEqual([null, null]);
        expect(product.extensions?.b2bAccess).toMatchObject({ gateFlags: { hidePrice: true, canCheckout: false }, hiddenPriceMessage: tradeMessage });
      }
    }
    const wholesale = await listing(await bearerFor(shop, tradeBuyer));
    expect(wholesale.map((product) => product.sku).sort()).toEqual([...packSkus, ...fixtureSkus].sort());
    for (const product of wholesale) expect(product.finalPrice, product.sku).toBeGreaterThan(0);
  });
});
