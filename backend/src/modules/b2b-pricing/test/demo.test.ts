import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { tradeBuyer } from '../../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import { bulkPacks } from '../../../demo/trade.ts';
import b2bAccess from '../../b2b-access/index.ts';
import { caseSku, harbourBarista, harbourListCode } from '../demo.ts';
import b2bPricing from '../index.ts';
import type { CompanyView, PriceListView } from '../routes/wire.ts';

const base = '/api/rest/v2/admin/b2b-pricing';

describe.each(dialects)('B2B Pricing demo data (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bAccess, b2bPricing] });
    admin = await adminBearer(shop);
    await shop.modules.seedDemo();
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('seeds Harbour Cafés: the Wholesale account as admin buyer, a second buyer, net-30 terms and its list', async () => {
    const companies = (await shop.send<{ member: CompanyView[] }>('GET', `${base}/companies`, { headers: admin })).body.member;
    expect(companies).toHaveLength(1);
    const [company] = companies;
    expect(company).toMatchObject({ name: 'Harbour Cafés', paymentTerms: { netDays: 30, creditLimit: 5000 } });
    expect(company!.buyers.map((buyer) => buyer.role).sort()).toEqual(['admin', 'buyer']);
    const list = (await shop.send<PriceListView>('GET', `${base}/price-lists/${company!.priceListIds[0]}`, { headers: admin })).body;
    expect(list.code).toBe(harbourListCode);
    expect(list.items).toHaveLength(bulkPacks.length);
    expect(list.items.find((item) => item.sku === caseSku)).toMatchObject({ minQty: 5, increment: 5 });
    expect(list.items[0]!.tiers.map((tier) => tier.minQty)).toEqual([1, 10, 50]);
  });

  it('gives both buyers the list price of the Trade Supplies range, and the second buyer can sign in', async () => {
    const [pack] = bulkPacks;
    for (const account of [tradeBuyer, harbourBarista]) {
      const headers = await bearerFor(shop, account);
      const found = (await shop.get(`/api/rest/v2/products?sku=${pack!.sku}`, headers)).body as { member: { finalPrice: number; extensions: { b2bPricing?: { priceList: string } } }[] };
      expect(found.member).toHaveLength(1);
      expect(found.member[0]!.extensions.b2bPricing?.priceList).toBe(harbourListCode);
    }
  });

  it('adds no second company when seeded again', async () => {
    await shop.modules.seedDemo();
    expect((await shop.send<{ totalItems: number }>('GET', `${base}/companies`, { headers: admin })).body.totalItems).toBe(1);
  });
});
