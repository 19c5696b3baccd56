/**
 * B2B Access on the storefront's guest pages over real HTTP (DECISIONS.md 30, 43): gated product
 * pages redirect (requiresLogin, a rule's CMS page), a hidden price offers sign-in with returnTo
 * and the trade application, and the store-wide login wall sends guests from every page except the
 * open ones, while the sitemap and llms.txt list only those. The gate's flags and the manifests
 * come from KV, as the sync writes them.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode, Product } from '../src/lib/content/schemas.ts';
import { accessManifest, registrationManifest, withManifests } from './support/b2b-manifests.ts';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
let category: CategoryNode;
let base: Product;

beforeAll(async () => {
  shop = await startShop();
  expect((await shop.manage('/sync')).status).toBe(200);
  [category] = (await shop.kv.get('default:categories', 'json')) as CategoryNode[];
  const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=20`)).json()) as { member: Product[] };
  base = listing.member.find((product) => product.type === 'simple')!;
}, 240_000);
afterAll(async () => {
  await shop?.stop();
});

const guest = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.storefront.url}${path}`, { headers, redirect: 'manual' });

async function gatedProduct(urlKey: string, flags: Partial<{ requiresLogin: boolean; canCheckout: boolean }>, redirectTo: string | null = null): Promise<void> {
  const record = {
    ...base, urlKey, relatedSkus: [], price: null, specialPrice: null, finalPrice: null, minimalPrice: null,
    extensions: {
      b2bAccess: {
        gateFlags: { requiresLogin: false, hidePrice: true, canCheckout: false, hiddenFromListings: false, ...flags },
        hiddenPriceMessage: 'Trade prices for trade accounts',
        redirectTo,
      },
    },
  };
  await shop.kv.put(`default:product:${urlKey}`, JSON.stringify(record), { metadata: { updatedAt: base.updatedAt } });
}

describe('gated product pages', () => {
  it('send a guest to sign in with returnTo (302, never cached), or to the rule’s CMS page', async () => {
    await gatedProduct('wall-login-only', { requiresLogin: true });
    const html = await guest('/wall-login-only?colour=red');
    expect(html.status).toBe(302);
    expect(html.headers.get('Location')).toBe('/login?returnTo=%2Fwall-login-only%3Fcolour%3Dred');
    const markdown = await guest('/wall-login-only.md');
    expect(markdown.status).toBe(302);
    expect(markdown.headers.get('Location')).toBe('/login?returnTo=%2Fwall-login-only');
    expect(markdown.headers.get('Cache-Control')).toBe('no-store');

    await gatedProduct('wall-cms-redirect', {}, '/about-us');
    const cms = await guest('/wall-cms-redirect');
    expect(cms.status).toBe(302);
    expect(cms.headers.get('Location')).toBe('/about-us');
  });

  it('show the message with a sign-in link back to the page and, with trade registration on, the application link', async () => {
    await withManifests(shop, [registrationManifest]);
    await gatedProduct('wall-hidden-price', {});
    const response = await guest('/wall-hidden-price');
    expect(response.status).toBe(200);
    const summary = DomUtils.findOne((node) => node.attribs.class === 'summary', parseDocument(await response.text()).children)!;
    const [block] = DomUtils.findAll((node) => node.attribs['data-price-hidden'] !== undefined, [summary]);
    const links = DomUtils.getElementsByTagName('a', block!).map((link) => [DomUtils.textContent(link).trim(), link.attribs.href]);
    expect(links).toEqual([
      ['Trade prices for trade accounts', '/login?returnTo=%2Fwall-hidden-price'],
      ['Apply for a trade account', '/trade-account'],
    ]);
    expect(DomUtils.findAll((node) => node.name === 'input' && node.attribs.name === 'qty', [summary])).toHaveLength(0);
  });
});

describe('the store-wide login wall', () => {
  beforeAll(async () => {
    await withManifests(shop, [accessManifest({ storeWide: true, redirectTo: '/login', exemptPaths: ['/about-us'] }), registrationManifest]);
  });

  it('sends a guest from every catalog page, HTML or markdown, to sign in with returnTo', async () => {
    const categoryPath = `/${category.urlPath}`;
    for (const [path, headers] of [
      ['/', {}], [categoryPath, {}], [`/${base.urlKey}`, {}], ['/search?q=tee', {}], ['/blog', {}], ['/cart', {}],
      [`${categoryPath}.md`, {}], ['/index.md', {}], [categoryPath, { Accept: 'text/markdown' }],
    ] as const) {
      const response = await guest(path, headers);
      expect(response.status, path).toBe(302);
      const location = new URL(response.headers.get('Location')!, shop.storefront.url);
      expect(location.pathname, path).toBe('/login');
      expect(location.searchParams.get('returnTo'), path).toBe(path);
      expect(response.headers.get('Cache-Control'), path).toBe('no-store');
    }
  });

  it('leaves open the sign-in, registration and password pages and the exempt page; the notice is on the target', async () => {
    const login = await guest('/login?returnTo=%2Fwomen');
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('Members only: sign in to shop.');
    for (const path of ['/register', '/account/forgot-password', '/about-us', '/about-us.md']) expect((await guest(path)).status, path).toBe(200);
  });

  it('leaves the API, agent discovery and management routes alone', async () => {
    for (const path of ['/robots.txt', '/pulse', '/.well-known/api-catalog', `/api/products?itemsPerPage=1`]) expect((await guest(path)).status, path).toBe(200);
  });

  it('lists only the open pages in the sitemap and no category in llms.txt', async () => {
    const sitemap = await (await guest('/sitemap.xml')).text();
    const locs = DomUtils.getElementsByTagName('loc', parseDocument(sitemap, { xmlMode: true })).map((node) => new URL(DomUtils.textContent(node)).pathname);
    // The exempt page and the trade application's page (open behind the wall, DECISIONS.md 43).
    expect(locs.sort()).toEqual(['/about-us', '/trade-account']);
    const llms = await (await guest('/llms.txt')).text();
    expect(llms).not.toContain('## Categories');
    expect(llms).not.toContain(category.name);
  });
});
