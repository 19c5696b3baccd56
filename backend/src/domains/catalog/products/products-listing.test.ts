import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../../../../contracts/collections.ts';
import { childKeysOfType, productListingSchema } from '../../../../../contracts/product.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects, openTestShop, visibleCatalogSize, type TestShop } from '../../../../test/helpers/test-shop.ts';

describe.each(dialects)('product listing (%s)', (dialect) => {
  let shop: TestShop;
  const list = async (query: string, headers?: Record<string, string>) => {
    const { status, body } = await shop.get(`/api/rest/v2/products${query}`, headers);
    expect(status, query).toBe(200);
    return exactly(pageOf(productListingSchema), body);
  };

  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('pages through every visible product in id order', async () => {
    const first = await list('');
    expect(first).toMatchObject({ page: 1, itemsPerPage: 20, totalItems: visibleCatalogSize });
    const rest = await Promise.all([2, 3].map((page) => list(`?page=${page}&itemsPerPage=20`)));
    const ids = [first, ...rest].flatMap((answer) => answer.member.map((p) => p.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(visibleCatalogSize);
    expect((await list('?page=99')).member).toEqual([]);
    expect((await list('?itemsPerPage=100')).member).toHaveLength(visibleCatalogSize);
  });

  it('returns listing stubs: no type-specific children, guest cache headers', async () => {
    const { headers } = await shop.get('/api/rest/v2/products');
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const { member } = await list('?itemsPerPage=100');
    const childKeys = Object.values(childKeysOfType).flat();
    for (const product of member) {
      for (const key of childKeys) expect(product, `${product.sku} ${key}`).not.toHaveProperty(key);
    }
    expect(new Set(member.map((p) => p.type))).toEqual(new Set(Object.keys(childKeysOfType)));
  });

  it("names a configurable's option values on its listing record: those of its in-stock variants", async () => {
    const { member } = await list('?itemsPerPage=100');
    const configurables = member.filter((p) => p.type === 'configurable');
    expect(configurables.length).toBeGreaterThan(0);
    expect(member.filter((p) => p.type !== 'configurable').every((p) => p.availableOptions === undefined)).toBe(true);
    for (const listed of configurables) {
      const { body } = await shop.get(`/api/rest/v2/products/${listed.id}`);
      const detail = body as { variants: Array<{ attributes: Record<string, number>; stockStatus: string }>; availableOptions?: unknown };
      const inStock = detail.variants.filter((v) => v.stockStatus === 'in_stock');
      const offered = inStock.length > 0 ? inStock : detail.variants;
      expect(detail.availableOptions, listed.sku).toEqual(listed.availableOptions);
      for (const option of listed.availableOptions ?? []) {
        const expected = new Set(offered.map((v) => v.attributes[option.attributeCode]));
        expect(new Set(option.values.map((value) => value.valueIndex)), `${listed.sku} ${option.attributeCode}`).toEqual(expected);
      }
      expect(listed.availableOptions?.map((option) => option.attributeCode)).toEqual(['color', 'size']);
    }
  });

  it('keeps prices consistent', async () => {
    const { member } = await list('?itemsPerPage=100');
    for (const p of member) {
      expect(p.finalPrice).toBe(p.specialPrice ?? p.price);
      expect(p.minimalPrice).toBeGreaterThan(0);
      expect(p.currency).toBe('USD');
      expect(p.imageUrl).toBe(p.images[0]?.url);
    }
  });

  it('prices the au store in AUD, from its own price rows', async () => {
    const usd = await list('?itemsPerPage=5');
    const aud = await list('?itemsPerPage=5', { 'X-Store-Code': 'au' });
    const audByQuery = await list('?itemsPerPage=5&store=au');
    expect(aud).toEqual(audByQuery);
    expect(aud.member.map((p) => p.id)).toEqual(usd.member.map((p) => p.id));
    for (const [index, product] of aud.member.entries()) {
      const us = usd.member[index];
      expect(product.currency).toBe('AUD');
      expect(product.name).toBe(us?.name);
      expect(product.price).not.toBe(us?.price);
    }
  });

  it('filters by urlKey and sku', async () => {
    const { member } = await list('?itemsPerPage=3');
    const target = member[2];
    expect(target).toBeDefined();
    const byUrlKey = await list(`?urlKey=${target?.urlKey}`);
    expect(byUrlKey.member.map((p) => p.id)).toEqual([target?.id]);
    expect((await list(`?sku=${encodeURIComponent(target?.sku ?? '')}`)).member.map((p) => p.id)).toEqual([target?.id]);
    expect((await list('?urlKey=no-such-product')).totalItems).toBe(0);
  });

  it('filters by exact category membership', async () => {
    const { member } = await list('?itemsPerPage=100');
    const categoryId = member[0]?.categoryIds.at(-1);
    const inCategory = await list(`?categoryId=${categoryId}&itemsPerPage=100`);
    expect(inCategory.totalItems).toBe(member.filter((p) => p.categoryIds.includes(categoryId ?? -1)).length);
    expect(inCategory.member.every((p) => p.categoryIds.includes(categoryId ?? -1))).toBe(true);
    expect((await list('?categoryId=999999')).totalItems).toBe(0);
  });

  it('filters by updatedSince, inclusive, in backend or ISO format', async () => {
    const { member } = await list('?itemsPerPage=100');
    const times = member.map((p) => p.updatedAt).sort();
    const median = times[Math.floor(times.length / 2)] ?? '';
    const expected = times.filter((t) => t >= median).length;
    expect((await list(`?updatedSince=${encodeURIComponent(median)}&itemsPerPage=100`)).totalItems).toBe(expected);
    const iso = `${median.replace(' ', 'T')}Z`;
    expect((await list(`?updatedSince=${encodeURIComponent(iso)}&itemsPerPage=100`)).totalItems).toBe(expected);
    expect((await list('?updatedSince=2100-01-01')).totalItems).toBe(0);
  });
});
