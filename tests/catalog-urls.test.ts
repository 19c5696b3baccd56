/**
 * Catalog URLs over real HTTP (issue 12): other spellings of a category, product or CMS page path
 * (letter case, trailing slash) and invalid or redundant `page`/`sort` values answer 301 to the
 * canonical URL; a page past the last stays 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode, Product } from '../src/lib/content/schemas.ts';
import { rawRequest } from './support/raw-http.ts';
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

describe('the api-catalog Link on every answer (DECISIONS.md 55)', () => {
  const LINK = '</.well-known/api-catalog>; rel="api-catalog"';
  const linkOf = (response: Response) => response.headers.get('Link') ?? '';

  it('is on 200, 301, 302, 304, 401, 404, 405, 413, 502 and 503 answers, and on the early path\'s', async () => {
    const page = await get(`/${category.urlPath}`);
    const etag = page.headers.get('ETag')!;
    await page.body?.cancel();
    const answers: Array<[number, Response]> = [
      [200, page],
      [301, await get(`/${category.urlPath}/`)],
      [302, await get('/admin')],
      [304, await fetch(`${shop.storefront.url}/${category.urlPath}`, { headers: { 'If-None-Match': etag } })],
      [401, await fetch(`${shop.storefront.url}/sync`, { method: 'POST' })],
      [404, await get('/no-such-page-for-the-link-test')],
      [405, await get('/sync')],
      [413, await fetch(`${shop.storefront.url}/freshness`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) })],
      [503, await get('/mcp')],
      // The early path: a cached page (HIT) and the fixed routes.
      [200, await get(`/${category.urlPath}`)],
      [200, await get('/pulse')],
      [200, await get('/health')],
    ];
    shop.faults.failWhen(/^\/api\/rest\/v2\/stores/, 500);
    try {
      answers.push([502, await shop.manage('/sync/config')]);
    } finally {
      shop.faults.reset();
    }
    for (const [status, response] of answers) {
      expect(response.status, response.url).toBe(status);
      expect(linkOf(response), `${status} ${response.url}`).toContain(LINK);
      await response.body?.cancel();
    }
    expect(answers[9]![1].headers.get('X-Cache')).toBe('HIT');
  });

  it('is on the branded 500 page of a page that throws, which shows no stack trace', async () => {
    // A category tree nested deeper than the validator's stack: reading it throws (RangeError).
    const depth = 10_000;
    let tree = '[';
    for (let id = 1; id <= depth; id++) tree += `{"id":${id},"name":"c${id}","urlKey":"c${id}","urlPath":"c${id}","productCount":0,"children":[`;
    tree += `${']}'.repeat(depth)}]`;
    const saved = await shop.kv.get('au:categories');
    await shop.kv.put('au:categories', tree);
    try {
      const failed = await rawRequest(shop.storefront.url, { path: '/', headers: { Host: 'au.localhost' } });
      expect(failed.status).toBe(500);
      expect(failed.headers.link).toContain(LINK);
      expect(failed.headers['content-type']).toContain('text/html');
      expect(failed.headers['cache-control']).toBe('no-store');
      expect(failed.body).toContain('Something went wrong on our side');
      // Astro's 500 page in the storefront's layout and styles, not a bare fallback.
      expect(failed.body).toMatch(/<link[^>]+rel="stylesheet"/);
      expect(failed.body).not.toMatch(/RangeError|Maximum call stack|at \S+ \(|node_modules/);
    } finally {
      await shop.kv.put('au:categories', saved!);
    }
  });
});

describe('agent documents on a host no variable names (DECISIONS.md 54)', () => {
  const HOST = 'shop-preview.unnamed.example';
  const onHost = (path: string) => rawRequest(shop.storefront.url, { path, headers: { Host: HOST } });

  it('answers robots.txt, the sitemap, llms.txt, the api-catalog, the OAuth metadata, the MCP card and a markdown view with URLs on that host', async () => {
    const origin = `http://${HOST}`;
    const documents = ['/robots.txt', '/sitemap.xml', '/llms.txt', '/.well-known/api-catalog', '/.well-known/oauth-authorization-server', '/.well-known/mcp/server-card.json', `/${product.urlKey}.md`];
    for (const path of documents) {
      const response = await onHost(path);
      expect(response.status, path).toBe(200);
      expect(response.body, path).toContain(`${origin}/`);
      // Every absolute URL of the document is on the request's host.
      const urls = response.body.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [];
      const own = urls.filter((url) => new URL(url).host === HOST);
      expect(own.length, path).toBeGreaterThan(0);
      expect(urls.filter((url) => /localhost|127\.0\.0\.1|example\.test/.test(new URL(url).host)), path).toEqual([]);
    }
    const robots = (await onHost('/robots.txt')).body;
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
