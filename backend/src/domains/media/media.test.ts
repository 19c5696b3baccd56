import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../../../contracts/collections.ts';
import { productDetailSchema, productListingSchema } from '../../../../contracts/product.ts';
import { ErrorBody, exactly } from '../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

describe.each(dialects)('media (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('draws the images products point at, the same every time', async () => {
    const { member } = exactly(pageOf(productListingSchema), (await shop.get('/api/rest/v2/products?itemsPerPage=3')).body);
    for (const product of member) {
      for (const url of [product.imageUrl, ...product.images.map((i) => i.url)]) {
        const response = await shop.app.request(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
        const svg = await response.text();
        expect(svg).toContain('<svg');
        expect(svg).toContain(`aria-label="${product.name.replaceAll('&', '&amp;').replaceAll("'", '&#39;')}"`);
        expect(await (await shop.app.request(url)).text()).toBe(svg);
      }
    }
  });

  it('draws variant images and the placeholder', async () => {
    const { member } = exactly(pageOf(productListingSchema), (await shop.get('/api/rest/v2/products?itemsPerPage=20')).body);
    const configurable = member.find((p) => p.type === 'configurable');
    const detail = exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${configurable?.id}`)).body);
    const variantImage = detail.variants?.[0]?.imageUrl ?? '';
    expect((await shop.app.request(variantImage)).status).toBe(200);
    expect((await shop.app.request('/media/catalog/product/placeholder.svg')).status).toBe(200);
  });

  it.each([
    '/media/catalog/product/no-such-image.svg',
    '/media/catalog/product/image.png',
    '/media/catalog/category/nope.svg',
    '/media/blog/nope.svg',
    '/media/catalog/product/..%2F..%2F..%2Fpackage.json',
    '/media/catalog/product/%2e%2e%2f%2e%2e%2fetc%2fpasswd.svg',
    '/media/catalog/product/..%5c..%5cwindows.svg',
    '/media/catalog/product/../../../package.json',
    '/media/catalog/product/a/b.svg',
    '/media/catalog/product/.svg',
  ])('refuses %s with JSON 404', async (path) => {
    const response = await shop.app.request(path);
    expect(response.status).toBe(404);
    const body: unknown = await response.json();
    expect(ErrorBody.parse(body).error).toMatch(/^(media_not_found|not_found)$/);
  });
});
