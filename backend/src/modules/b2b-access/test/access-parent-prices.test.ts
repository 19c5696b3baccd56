import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../../../../contracts/collections.ts';
import { productListingSchema, type ProductDetail, type ProductListing } from '../../../../../contracts/product.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects } from '../../../../test/helpers/test-shop.ts';
import { leaf, openAccessShop, tree, type AccessShop } from './access-shop.ts';

type Headers = Record<string, string>;
type Priced = { price: number | null; specialPrice?: number | null; finalPrice?: number | null; stockStatus?: string };

const finalOf = (child: Priced) => child.finalPrice ?? child.specialPrice ?? child.price!;
/** The lowest final price among children, in stock first: the "from" price a shopper can pay. */
const lowest = (children: Priced[]) => {
  const inStock = children.filter((child) => child.stockStatus !== 'out_of_stock');
  return Math.min(...(inStock.length > 0 ? inStock : children).map(finalOf));
};
const figures = (record: Priced & { minimalPrice?: number | null }) => [record.price, record.specialPrice, record.finalPrice, record.minimalPrice];

/**
 * DECISIONS.md 47 on a parent's own figures: a configurable, grouped product or bundle is priced
 * from its children, so its price and "from" price must be computed over the children whose price
 * the caller may see; a hidden child's price never shows through its parent, in listings or detail.
 */
describe.each(dialects)('B2B Access: a parent never shows a hidden child\'s price (%s)', (dialect) => {
  let access: AccessShop;
  let all: ProductListing[];
  const get = (path: string, headers: Headers = {}) => access.shop.get(path, headers);
  const detail = async (id: number, headers: Headers = {}) => (await get(`/api/rest/v2/products/${id}`, headers)).body as ProductDetail;
  const listed = async (sku: string, headers: Headers = {}) => (exactly(pageOf(productListingSchema), (await get(`/api/rest/v2/products?sku=${encodeURIComponent(sku)}`, headers)).body)).member[0]!;
  const withRule = async (rule: Record<string, unknown>, run: () => Promise<void>) => {
    const saved = await access.addRule({ priority: 1, scope: { customerGroupIds: [0] }, enforcement: 'both', ...rule });
    try {
      await run();
    } finally {
      await access.deleteRule(saved.id);
    }
  };
  /** The first product of `type` (as Wholesale sees it, whole) with children dearer than its cheapest: those cheapest and the others. */
  const withCheapest = async <C extends Priced & { sku: string }>(type: string, childrenOf: (parent: ProductDetail) => C[]) => {
    for (const candidate of all.filter((product) => product.type === type)) {
      const parent = await detail(candidate.id, access.wholesale);
      const children = childrenOf(parent);
      const from = lowest(children);
      const cheapest = children.filter((child) => finalOf(child) === from);
      const others = children.filter((child) => finalOf(child) !== from);
      if (others.length > 0 && parent.minimalPrice === from) return { parent, hiddenPrice: from, cheapestSkus: cheapest.map((child) => child.sku), others };
    }
    throw new Error(`the test catalog has no ${type} with children of different prices`);
  };

  beforeAll(async () => {
    access = await openAccessShop(dialect, { enabled: true, mode: 'rules' });
    all = [];
    for (let page = 1; ; page++) {
      const { member } = exactly(pageOf(productListingSchema), (await get(`/api/rest/v2/products?itemsPerPage=100&page=${page}`)).body);
      all.push(...member);
      if (member.length < 100) break;
    }
  });
  afterAll(async () => {
    expect(access.shop.loggedErrors).toEqual([]);
    await access.shop.close();
  });

  it('a configurable whose cheapest variant\'s price is hidden shows the cheapest variant the caller may see, in listing and detail', async () => {
    const { parent, hiddenPrice, cheapestSkus, others } = await withCheapest('configurable', (p) => p.variants!);
    for (const actions of [{ hidePrice: true }, { hideFromListings: true }]) {
      await withRule({ name: 'Cheapest variants: trade only', conditions: tree(leaf('sku', '()', cheapestSkus)), actions }, async () => {
        const guest = await detail(parent.id);
        const card = await listed(parent.sku);
        for (const record of [guest, card]) {
          expect(figures(record), JSON.stringify(actions)).not.toContain(hiddenPrice);
          expect(record.minimalPrice).toBe(lowest(others));
          expect(record.finalPrice).toBe(lowest(others));
          expect(record.extensions.b2bAccess!.gateFlags).toMatchObject({ hidePrice: false, canCheckout: true });
        }
        expect(JSON.stringify(guest)).not.toContain(String(hiddenPrice));
        // Wholesale is outside the rule's scope: the index's figures as before.
        expect((await listed(parent.sku, access.wholesale)).minimalPrice).toBe(hiddenPrice);
      });
    }
  });

  it('a configurable whose every variant\'s price is hidden shows no price and cannot be bought', async () => {
    const { parent } = await withCheapest('configurable', (p) => p.variants!);
    const skus = parent.variants!.map((variant) => variant.sku);
    await withRule({ name: 'All variants: trade prices', conditions: tree(leaf('sku', '()', skus)), actions: { hidePrice: true }, hiddenPriceMessage: 'Ask for a quote.' }, async () => {
      for (const record of [await detail(parent.id), await listed(parent.sku)]) {
        expect(figures(record)).toEqual([null, null, null, null]);
        expect(record.extensions.b2bAccess).toMatchObject({ gateFlags: { hidePrice: true, canCheckout: false }, hiddenPriceMessage: 'Ask for a quote.' });
      }
    });
  });

  it('a grouped product whose cheapest member\'s price is hidden shows the cheapest member the caller may see', async () => {
    const { parent, hiddenPrice, cheapestSkus, others } = await withCheapest('grouped', (p) => p.groupedProducts!);
    await withRule({ name: 'Cheapest members: trade prices', conditions: tree(leaf('sku', '()', cheapestSkus)), actions: { hidePrice: true } }, async () => {
      const guest = await detail(parent.id);
      for (const record of [guest, await listed(parent.sku)]) {
        expect(figures(record)).not.toContain(hiddenPrice);
        expect(record.minimalPrice).toBe(lowest(others));
      }
      expect(guest.groupedProducts!.filter((member) => cheapestSkus.includes(member.sku)).map((member) => member.price)).toEqual(cheapestSkus.map(() => null));
    });
  });

  it('a bundle is priced over the selections the caller may see; with a required option wholly hidden it has no price', async () => {
    const bundles = await Promise.all(all.filter((product) => product.type === 'bundle').map((product) => detail(product.id, access.wholesale)));
    const cost = (selection: { price: number | null; defaultQty: number }) => selection.price! * selection.defaultQty;
    // Per required option, only its dearest selection stays visible: the guest's bundle price is their sum.
    const keptOf = (b: ProductDetail) => b.bundleOptions!.filter((o) => o.required && o.selections.length > 0).map((o) => o.selections.reduce((dear, s) => (cost(s) > cost(dear) ? s : dear)));
    const bundle = bundles.find((b) => {
      const kept = keptOf(b);
      return kept.length > 0 && Math.round(kept.reduce((sum, s) => sum + cost(s), 0) * 100) !== Math.round(b.price! * 100);
    });
    if (!bundle) throw new Error('the test catalog has no bundle with differently priced required selections');
    const kept = keptOf(bundle);
    const keptSkus = new Set(kept.map((s) => s.sku));
    const hiddenSkus = [...new Set(bundle.bundleOptions!.flatMap((o) => o.selections.map((s) => s.sku)).filter((sku) => !keptSkus.has(sku)))];
    const expected = Math.round(kept.reduce((sum, s) => sum + cost(s), 0) * 100) / 100;
    await withRule({ name: 'Cheaper selections: trade prices', conditions: tree(leaf('sku', '()', hiddenSkus)), actions: { hidePrice: true } }, async () => {
      for (const record of [await detail(bundle.id), await listed(bundle.sku)]) expect([record.price, record.minimalPrice]).toEqual([expected, expected]);
    });
    const option = bundle.bundleOptions!.find((o) => o.required && o.selections.length > 0)!;
    await withRule({ name: 'A required option: trade prices', conditions: tree(leaf('sku', '()', option.selections.map((s) => s.sku))), actions: { hidePrice: true } }, async () => {
      for (const record of [await detail(bundle.id), await listed(bundle.sku)]) {
        expect(figures(record)).toEqual([null, null, null, null]);
        expect(record.extensions.b2bAccess!.gateFlags).toMatchObject({ hidePrice: true, canCheckout: false });
      }
    });
  });
});
