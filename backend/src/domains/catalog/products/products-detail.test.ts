import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../../../../contracts/collections.ts';
import { childKeysOfType, productDetailSchema, productListingSchema, type ProductDetail } from '../../../../../contracts/product.ts';
import { amount, ErrorBody, exactly } from '../../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

describe.each(dialects)('product detail (%s)', (dialect) => {
  let shop: TestShop;
  const byType = new Map<string, ProductDetail>();
  const detail = async (id: number, store = 'default') => {
    const { status, body } = await shop.get(`/api/rest/v2/products/${id}`, { 'X-Store-Code': store });
    expect(status).toBe(200);
    return exactly(productDetailSchema, body);
  };

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    const { body } = await shop.get('/api/rest/v2/products?itemsPerPage=100');
    for (const listing of exactly(pageOf(productListingSchema), body).member) {
      if (!byType.has(listing.type)) byType.set(listing.type, await detail(listing.id));
    }
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('has the children of its own type and no others', () => {
    expect([...byType.keys()].sort()).toEqual(Object.keys(childKeysOfType).sort());
    const allChildKeys = Object.values(childKeysOfType).flat();
    for (const [type, product] of byType) {
      const own = childKeysOfType[type as ProductDetail['type']];
      for (const key of allChildKeys) expect(Object.hasOwn(product, key), `${type}.${key}`).toBe(own.includes(key));
    }
  });

  it('equals its listing record plus the children', async () => {
    for (const product of byType.values()) {
      const { body } = await shop.get(`/api/rest/v2/products?sku=${encodeURIComponent(product.sku)}`);
      const [listing] = exactly(pageOf(productListingSchema), body).member;
      const childKeys = new Set<string>(childKeysOfType[product.type]);
      const withoutChildren = Object.fromEntries(Object.entries(product).filter(([key]) => !childKeys.has(key)));
      expect(withoutChildren).toEqual(listing);
    }
  });

  it('describes configurable variants by option values, with own sku, stock and price', () => {
    const product = byType.get('configurable');
    const options = product?.configurableOptions ?? [];
    expect(options.map((o) => o.attributeCode)).toEqual(['color', 'size']);
    const variants = product?.variants ?? [];
    expect(variants.length).toBe(options.reduce((n, o) => n * o.values.length, 1));
    for (const variant of variants) {
      for (const option of options) expect(option.values.map((v) => v.valueIndex)).toContain(variant.attributes[option.attributeCode]);
      expect(variant.sku.startsWith(`${product?.sku}-`)).toBe(true);
      expect(variant.finalPrice).toBe(variant.specialPrice ?? variant.price);
    }
    const combos = variants.map((v) => JSON.stringify(v.attributes));
    expect(new Set(combos).size).toBe(variants.length);
    const purchasable = variants.filter((v) => v.stockStatus === 'in_stock');
    expect(product?.minimalPrice).toBe(Math.min(...(purchasable.length ? purchasable : variants).map((v) => amount(v.finalPrice))));
  });

  it('lists grouped members, bundle selections, download links and gift card amounts', () => {
    const grouped = byType.get('grouped');
    expect(grouped?.groupedProducts?.length).toBeGreaterThanOrEqual(2);
    expect(grouped?.price).toBe(Math.min(...(grouped?.groupedProducts ?? []).map((m) => amount(m.finalPrice))));

    const bundle = byType.get('bundle');
    expect(bundle?.bundleOptions?.length).toBeGreaterThanOrEqual(2);
    for (const option of bundle?.bundleOptions ?? []) {
      expect(option.selections.length).toBeGreaterThanOrEqual(2);
      expect(option.selections.filter((s) => s.isDefault)).toHaveLength(1);
    }

    const downloadable = byType.get('downloadable');
    expect(downloadable?.downloadableLinks?.length).toBeGreaterThanOrEqual(1);
    expect(downloadable?.downloadableLinks?.[0]?.price).toBe(0);

    const giftcard = byType.get('giftcard');
    expect(giftcard?.giftcardType).toMatch(/^(virtual|physical|combined)$/);
    expect(giftcard?.giftcardAmounts?.length).toBeGreaterThanOrEqual(3);
    expect(giftcard?.price).toBe(Math.min(...(giftcard?.giftcardAmounts ?? [])));
  });

  it('prices children in the au store too', async () => {
    for (const type of ['configurable', 'grouped', 'giftcard']) {
      const us = byType.get(type);
      const au = await detail(us?.id ?? 0, 'au');
      expect(au.currency).toBe('AUD');
      expect(au.price).not.toBe(us?.price);
    }
    const au = await detail(byType.get('configurable')?.id ?? 0, 'au');
    expect(au.variants?.[0]?.price).not.toBe(byType.get('configurable')?.variants?.[0]?.price);
  });

  it.each([
    { name: 'an unknown id', path: '/api/rest/v2/products/999999', status: 404, code: 'product_not_found' },
    { name: 'a non-numeric id', path: '/api/rest/v2/products/abc', status: 400, code: 'invalid_request' },
    { name: 'id zero', path: '/api/rest/v2/products/0', status: 400, code: 'invalid_request' },
    { name: 'an id beyond the integer range', path: '/api/rest/v2/products/99999999999', status: 400, code: 'invalid_request' },
    { name: 'a fractional id', path: '/api/rest/v2/products/1.5', status: 400, code: 'invalid_request' },
  ])('answers $name with JSON $status $code', async ({ path, status, code }) => {
    const response = await shop.get(path);
    expect(response.status).toBe(status);
    expect(ErrorBody.parse(response.body).error).toBe(code);
  });
});
