import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addCartItemSchema, giftcardChoiceSchema } from '../../contracts/add-cart-item.ts';
import { addressInputSchema, checkoutAddressSchema } from '../../contracts/address.ts';
import { blogPostSchema } from '../../contracts/blog-post.ts';
import { cartLineSchema, cartSchema } from '../../contracts/cart.ts';
import { categoryNodeSchema } from '../../contracts/category.ts';
import { cmsPageSchema } from '../../contracts/cms-page.ts';
import { listOf, pageOf } from '../../contracts/collections.ts';
import { paymentIntentSchema, paymentMethodListSchema, paymentMethodSchema, shippingMethodListSchema, shippingMethodSchema } from '../../contracts/checkout.ts';
import { countrySchema } from '../../contracts/country.ts';
import { customerSchema } from '../../contracts/customer.ts';
import { driftOf } from '../../contracts/drift.ts';
import { orderLineSchema, orderSchema } from '../../contracts/order.ts';
import { productDetailSchema, productListingSchema, productTypes, type ProductDetail } from '../../contracts/product.ts';
import { storeConfigSchema } from '../../contracts/store-config.ts';
import { defineModule } from '../src/platform/modules/define-module.ts';
import { StoreList } from './helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from './helpers/test-shop.ts';

/**
 * Every catalog answer the storefront syncs, read from the real backend and held to the shared
 * contracts (contracts/) strictly: a missing field, a wrong type or a key the contract does not know
 * fails here, so the backend, its OpenAPI document and the storefront cannot drift apart unseen.
 */

type Answer = { path: string; body: unknown };

function expectContract(schema: z.ZodType, answers: Answer[]): void {
  const drift = answers.flatMap(({ path, body }) => driftOf(schema, body).map((problem) => `${path} ${problem}`));
  expect(drift).toEqual([]);
}

/** Every page of a paged collection, at the sync's page size. */
async function allPages(shop: TestShop, path: string, store: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let page = 1; ; page++) {
    const url = `${path}?store=${store}&page=${page}&itemsPerPage=100`;
    const { status, body } = await shop.get(url);
    expect(status, url).toBe(200);
    answers.push({ path: url, body });
    const { totalItems, itemsPerPage } = body as { totalItems: number; itemsPerPage: number };
    if (page * itemsPerPage >= totalItems) return answers;
  }
}

async function answer(shop: TestShop, path: string): Promise<Answer> {
  const { status, body } = await shop.get(path);
  expect(status, path).toBe(200);
  return { path, body };
}

/** A stand-in for B2B Access hiding every price from everyone, as DECISIONS.md 30 puts it on the wire. */
const priceGate = defineModule({
  id: 'price-gate',
  title: 'Price gate',
  annotations: [{ annotation: 'api_product_dto_build', handle: ({ records }) => records.forEach(withholdPrices) }],
});

function withholdPrices(record: ProductDetail): void {
  const gate = { gateFlags: { requiresLogin: true, hidePrice: true, canCheckout: false, hiddenFromListings: false }, hiddenPriceMessage: 'Sign in for trade prices', redirectTo: null };
  Object.assign(record, { price: null, specialPrice: null, finalPrice: null, minimalPrice: null });
  record.extensions.b2bAccess = gate;
  for (const child of [...(record.variants ?? []), ...(record.groupedProducts ?? [])]) {
    Object.assign(child, { price: null, specialPrice: null, finalPrice: null, extensions: { b2bAccess: gate } });
  }
  for (const selection of (record.bundleOptions ?? []).flatMap((option) => option.selections)) Object.assign(selection, { price: null });
  for (const link of record.downloadableLinks ?? []) link.price = null;
  if (record.giftcardType !== undefined) Object.assign(record, { giftcardAmounts: null, openAmountMin: null, openAmountMax: null });
}

describe.each(dialects)('catalog answers against the shared contracts (%s)', (dialect) => {
  let shop: TestShop;
  let stores: string[];
  beforeAll(async () => {
    shop = await openTestShop(dialect);
    stores = StoreList.parse((await shop.get('/api/rest/v2/stores')).body).member.map((store) => store.code);
    expect(stores.length).toBeGreaterThan(1);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('store config and countries of every store view', async () => {
    for (const store of stores) {
      expectContract(storeConfigSchema, [await answer(shop, `/api/rest/v2/store-config?store=${store}`)]);
      expectContract(listOf(countrySchema), [await answer(shop, `/api/rest/v2/countries?store=${store}`)]);
    }
  });

  it('the category tree', async () => {
    for (const store of stores) expectContract(listOf(categoryNodeSchema), [await answer(shop, `/api/rest/v2/categories?store=${store}`)]);
  });

  it('every page of the listing, and the detail of every product of every type', async () => {
    for (const store of stores) {
      const pages = await allPages(shop, '/api/rest/v2/products', store);
      expectContract(pageOf(productListingSchema), pages);
      const listed = pages.flatMap(({ body }) => pageOf(productListingSchema).parse(body).member);
      expect(new Set(listed.map((product) => product.type))).toEqual(new Set(productTypes));
      const details = await Promise.all(listed.map((product) => answer(shop, `/api/rest/v2/products/${product.id}?store=${store}`)));
      expectContract(productDetailSchema, details);
    }
  });

  it('search results', async () => {
    const [first] = pageOf(productListingSchema).parse((await shop.get('/api/rest/v2/products?itemsPerPage=1')).body).member;
    const word = first!.name.split(' ')[0]!;
    const found = await answer(shop, `/api/rest/v2/search?q=${encodeURIComponent(word)}&itemsPerPage=100`);
    expect((found.body as { totalItems: number }).totalItems).toBeGreaterThan(0);
    expectContract(pageOf(productListingSchema), [found]);
  });

  it('CMS pages and blog posts', async () => {
    for (const store of stores) {
      expectContract(pageOf(cmsPageSchema), await allPages(shop, '/api/rest/v2/cms-pages', store));
      expectContract(pageOf(blogPostSchema), await allPages(shop, '/api/rest/v2/blog-posts', store));
    }
  });

  it('documents the records with the contracts’ own fields (OpenAPI components)', async () => {
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    const records: [string, z.ZodObject][] = [
      ['ProductListing', productListingSchema],
      ['ProductDetail', productDetailSchema],
      ['CategoryNode', categoryNodeSchema],
      ['StoreConfig', storeConfigSchema],
      ['CmsPage', cmsPageSchema],
      ['BlogPost', blogPostSchema],
      ['Country', countrySchema],
      // The commerce records (their answers are held to the contracts in commerce-contracts.test.ts).
      ['Cart', cartSchema],
      ['CartLine', cartLineSchema],
      ['AddCartItem', addCartItemSchema],
      ['GiftcardChoice', giftcardChoiceSchema],
      ['Customer', customerSchema],
      ['AddressInput', addressInputSchema],
      ['CheckoutAddress', checkoutAddressSchema],
      ['Order', orderSchema],
      ['OrderLine', orderLineSchema],
      ['ShippingMethodList', shippingMethodListSchema],
      ['ShippingMethod', shippingMethodSchema],
      ['PaymentMethodList', paymentMethodListSchema],
      ['PaymentMethod', paymentMethodSchema],
      ['PaymentIntent', paymentIntentSchema],
    ];
    for (const [name, schema] of records) expect(Object.keys(doc.components.schemas[name]?.properties ?? {}), name).toEqual(Object.keys(schema.shape));
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['GateFlags', 'B2bAccess', 'Variant', 'BundleSelection', 'LineConfiguration']));
  });
});

describe.each(dialects)('gated catalog answers against the shared contracts (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [priceGate] });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('carries extensions.b2bAccess and null prices on listing, detail and search records', async () => {
    const pages = await allPages(shop, '/api/rest/v2/products', 'default');
    expectContract(pageOf(productListingSchema), pages);
    const listed = pages.flatMap(({ body }) => pageOf(productListingSchema).parse(body).member);
    expect(listed.every((product) => product.price === null && product.extensions.b2bAccess?.gateFlags.hidePrice)).toBe(true);
    const details = await Promise.all(listed.map((product) => answer(shop, `/api/rest/v2/products/${product.id}`)));
    expectContract(productDetailSchema, details);
    const bundle = details.map(({ body }) => productDetailSchema.parse(body)).find((product) => product.type === 'bundle');
    expect(bundle?.bundleOptions?.[0]?.selections[0]?.price).toBeNull();
    const word = listed[0]!.name.split(' ')[0]!;
    expectContract(pageOf(productListingSchema), [await answer(shop, `/api/rest/v2/search?q=${encodeURIComponent(word)}`)]);
  });
});
