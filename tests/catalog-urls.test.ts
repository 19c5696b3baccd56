/**
 * Catalog URLs over real HTTP (issue 12): other spellings of a category, product or CMS page path
 * (letter case, trailing slash) and invalid or redundant `page`/`sort` values answer 301 to the
 * canonical URL; a page past the last stays 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode, Product } from '../src/lib/content/schemas.ts';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
let category: CategoryNode;
let product: Product;
beforeAll(async () => {
  shop = await startShop();
  expect((await shop.manage('/sync')).status).toBe(200);
  const api = async <T>(path: string) => (await (await fetch(`${shop.backend.url}/api/rest/v2${path}`)).json()) as { member: T[] };
  const found = (await api<CategoryNode>('/categories')).member.find((node) => node.productCount > 24 && /^[a-z-]+$/.test(node.urlPath));
  if (!found) throw new Error('the demo catalog has a top category with more than one page');
  category = found;
  [product] = (await api<Product>('/products?itemsPerPage=1')).member;
});
afterAll(async () => {
  await shop?.stop();
});

const get = (path: string) => fetch(`${shop.storefront.url}${path}`, { redirect: 'manual' });
async function expectRedirect(path: string, location: string): Promise<void> {
  const response = await get(path);
  expect(response.status, path).toBe(301);
  expect(response.headers.get('Location'), path).toBe(location);
}

describe('catalog paths', () => {
  it('redirects letter-case variants of a category path to the canonical one', async () => {
    const path = `/${category.urlPath}`;
    expect((await get(path)).status).toBe(200);
    await expectRedirect(`/${category.urlPath[0]!.toUpperCase()}${category.urlPath.slice(1)}`, path);
    await expectRedirect(path.toUpperCase(), path);
    await expectRedirect(`${path.toUpperCase()}?sort=name&page=2`, `${path}?sort=name&page=2`);
  });

  it('redirects trailing-slash variants of categories, products and CMS pages', async () => {
    const path = `/${category.urlPath}`;
    await expectRedirect(`${path}/`, path);
    await expectRedirect(`${path}/?page=2`, `${path}?page=2`);
    await expectRedirect(`/${product.urlKey}/`, `/${product.urlKey}`);
    await expectRedirect(`/${product.urlKey.toUpperCase()}`, `/${product.urlKey}`);
    await expectRedirect('/about-us/', '/about-us');
    await expectRedirect('/About-Us', '/about-us');
  });

  it('drops or clamps invalid paging and sorting parameters with a 301', async () => {
    const path = `/${category.urlPath}`;
    await expectRedirect(`${path}?page=0`, path);
    await expectRedirect(`${path}?page=abc`, path);
    await expectRedirect(`${path}?page=-3`, path);
    await expectRedirect(`${path}?page=1`, path);
    await expectRedirect(`${path}?page=02`, `${path}?page=2`);
    await expectRedirect(`${path}?page=2&page=3`, `${path}?page=2`);
    await expectRedirect(`${path}?sort=bogus`, path);
    await expectRedirect(`${path}?sort=position`, path);
    await expectRedirect(`${path}?sort=bogus&page=2`, `${path}?page=2`);
    await expectRedirect(`${path}?page=2&sort=price-asc&sort=x`, `${path}?sort=price-asc&page=2`);
    await expectRedirect(`${path}?utm_source=news&page=0`, `${path}?utm_source=news`);
  });

  it('keeps canonical URLs at 200 (edge-cached as before) and a page past the last at 404', async () => {
    const path = `/${category.urlPath}`;
    expect((await get(`${path}?page=2`)).status).toBe(200);
    expect((await get(`${path}?sort=name&page=2`)).status).toBe(200);
    expect((await get(`${path}?page=2&sort=name`)).status).toBe(200);
    const first = await get(`${path}?sort=price-desc`);
    expect(first.status).toBe(200);
    expect(['MISS', 'HIT']).toContain(first.headers.get('X-Cache'));
    expect((await get(`${path}?sort=price-desc`)).headers.get('X-Cache')).toBe('HIT');
    expect((await get(`${path}/`)).headers.get('X-Cache')).toBe('BYPASS');
    expect((await get(`${path}?page=999`)).status).toBe(404);
    expect((await get(`${path}?page=99999999999`)).status).toBe(404);
    expect((await get('/no-such-thing-here/')).status).toBe(404);
  });

  it('redirects markdown requests for path variants to the canonical markdown', async () => {
    const path = `/${category.urlPath}`;
    await expectRedirect(`${path.toUpperCase()}.md`, `${path}.md`);
    const accept = await fetch(`${shop.storefront.url}${path}/?page=0`, { redirect: 'manual', headers: { Accept: 'text/markdown' } });
    expect(accept.status).toBe(301);
    expect(accept.headers.get('Location')).toBe(path);
  });
});
