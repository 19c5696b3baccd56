/**
 * The agent endpoints over real HTTP (real backend, built worker in workerd, synced demo catalog),
 * each read by a real parser: robots-parser, fast-xml-parser's validator, oauth4webapi's discovery
 * processing, a markdown lexer for llms.txt and the markdown views.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { marked, type Tokens } from 'marked';
import { processDiscoveryResponse } from 'oauth4webapi';
import robotsParser from 'robots-parser';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLlmsTxt } from '../src/lib/agents/test-support.ts';
import type { CategoryNode, CmsPage, Product, StoreConfig } from '../src/lib/content/schemas.ts';
import { startShop, type TestShop } from './support/shop.ts';

/** The default store's configured origin; requests arrive on 127.0.0.1, so links must not use that. */
const PUBLIC_ORIGIN = 'https://shop.example.test';
/** A second host of the au store with an explicit origin (the object form of STORES). */
const AU_HOST = 'au.example.test';
const AU_ORIGIN = 'https://au.example.test';
/** A store view holding only the 10,001 products of the sitemap-size test. */
const BIG_HOST = 'big.localhost';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({
    vars: {
      PUBLIC_ORIGIN,
      STORES: JSON.stringify({ 'au.localhost': 'au', [AU_HOST]: { store: 'au', origin: AU_ORIGIN }, [BIG_HOST]: 'big' }),
    },
  });
  const sync = await shop.manage('/sync');
  expect(sync.status).toBe(200);
});
afterAll(async () => {
  await shop?.stop();
});

/**
 * A request to the storefront. fetch drops a Host header, so requests that name another host go
 * through node:http, whose answer is wrapped in a Response for the same assertions.
 */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  if (!('Host' in headers)) return fetch(`${shop.storefront.url}${path}`, { method, headers, redirect: 'manual' });
  const { hostname, port } = new URL(shop.storefront.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, path, method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of [value ?? []].flat()) responseHeaders.append(name, item);
        }
        resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 0, headers: responseHeaders }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
/** The same path on the running storefront, whatever origin a document put in front of it. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const storeConfig = async (store: string) => (await shop.kv.get<StoreConfig>(`${store}:config`, 'json'))!;

async function productKeys(store: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await shop.kv.list({ prefix: `${store}:product:`, cursor });
    names.push(...page.keys.map((key) => key.name.slice(`${store}:product:`.length)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return names;
}

describe('/robots.txt', () => {
  it('reads, through robots-parser, as SPEC.md wants: catalog open, private routes and training crawlers shut', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const text = await response.text();
    const robots = robotsParser(`${PUBLIC_ORIGIN}/robots.txt`, text);
    expect(robots.getSitemaps()).toEqual([`${PUBLIC_ORIGIN}/sitemap.xml`]);
    const [product] = await productKeys('default');
    expect(robots.isAllowed(`${PUBLIC_ORIGIN}/${product}`, 'Googlebot')).toBe(true);
    expect(robots.isAllowed(`${PUBLIC_ORIGIN}/${product}`, 'ClaudeBot')).toBe(true);
    expect(robots.isDisallowed(`${PUBLIC_ORIGIN}/checkout/`, 'Googlebot')).toBe(true);
    expect(robots.isDisallowed(`${PUBLIC_ORIGIN}/admin/`, 'Bingbot')).toBe(true);
    expect(robots.isDisallowed(`${PUBLIC_ORIGIN}/${product}`, 'CCBot')).toBe(true);
    expect(robots.isDisallowed(`${PUBLIC_ORIGIN}/`, 'meta-externalagent')).toBe(true);
    expect(text).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no');
    expect(text).toMatch(/Article 4 of Directive \(EU\) 2019\/790/);
  });

  it('stays reachable behind nothing: no password gate applies (SPEC.md Authentication 6)', async () => {
    for (const path of ['/robots.txt', '/llms.txt', '/sitemap.xml', '/mcp', '/.well-known/api-catalog']) {
      expect((await get(path)).headers.get('Location'), path).toBeNull();
    }
  });
});

describe('the TDM reservation in every channel', () => {
  it('is in tdmrep.json and on HTML pages', async () => {
    const file = await get('/.well-known/tdmrep.json');
    expect(file.status).toBe(200);
    expect(await file.json()).toEqual([{ location: '/', 'tdm-reservation': 1 }]);
    const page = await get('/');
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('tdm-reservation')).toBe('1');
  });
});

interface UrlNode {
  loc: string;
  lastmod?: string;
  changefreq: string;
  priority: number;
}

async function sitemap(headers: Record<string, string> = {}): Promise<UrlNode[]> {
  const response = await get('/sitemap.xml', headers);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' }).parse(xml);
  expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const urls = parsed.urlset.url as UrlNode[];
  for (const url of urls) {
    expect(Object.keys(url).sort()).toEqual(url.lastmod === undefined ? ['changefreq', 'loc', 'priority'] : ['changefreq', 'lastmod', 'loc', 'priority']);
    if (url.lastmod !== undefined) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect([1, 0.8, 0.6, 0.5, 0.4]).toContain(url.priority);
  }
  return urls;
}

describe('/sitemap.xml', () => {
  it('lists every page of the store once, on the configured origin, and each page answers 200', async () => {
    const urls = await sitemap();
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((loc) => loc.startsWith(`${PUBLIC_ORIGIN}/`))).toBe(true);
    expect(urls[0]).toMatchObject({ loc: `${PUBLIC_ORIGIN}/`, changefreq: 'daily', priority: 1 });
    expect(urls.filter((url) => url.priority === 0.6)).toHaveLength((await productKeys('default')).length);
    // The home and 404 CMS pages have no URL of their own (a category may still be called "home").
    const cmsLocs = urls.filter((url) => url.priority === 0.4).map((url) => url.loc);
    expect(cmsLocs).toEqual(expect.arrayContaining([`${PUBLIC_ORIGIN}/about-us`]));
    expect(cmsLocs).not.toContain(`${PUBLIC_ORIGIN}/home`);
    expect(cmsLocs).not.toContain(`${PUBLIC_ORIGIN}/no-route`);
    // Blog posts (0.5) are listed at /blog/{identifier}; their pages belong to the shop-pages work.
    const pages = urls.filter((url) => url.priority !== 0.5);
    for (let index = 0; index < pages.length; index += 16) {
      const statuses = await Promise.all(pages.slice(index, index + 16).map(async (url) => [url.loc, (await get(pathOf(url.loc))).status] as const));
      for (const [loc, status] of statuses) expect(status, loc).toBe(200);
    }
  });

  it('derives lastmod from the product key metadata, and omits it when malformed', async () => {
    const [urlKey] = await productKeys('default');
    const stored = await shop.kv.getWithMetadata<Product, { updatedAt: string }>(`default:product:${urlKey}`, 'json');
    const product = (await sitemap()).find((url) => url.loc === `${PUBLIC_ORIGIN}/${urlKey}`);
    expect(product?.lastmod).toBe(`${stored.metadata?.updatedAt.replace(' ', 'T')}Z`);

    await shop.kv.put(`default:product:${urlKey}`, JSON.stringify(stored.value), { metadata: { updatedAt: 'not a date' } });
    // A write behind the worker's back (not a sync: pulse is unchanged), so purge as SPEC.md's invalidation sequence says.
    expect((await shop.manage('/cache/purge', { urls: ['/sitemap.xml'] })).status).toBe(200);
    const after = (await sitemap()).find((url) => url.loc === `${PUBLIC_ORIGIN}/${urlKey}`);
    expect(after).toEqual({ loc: `${PUBLIC_ORIGIN}/${urlKey}`, changefreq: 'weekly', priority: 0.6 });
    await shop.kv.put(`default:product:${urlKey}`, JSON.stringify(stored.value), { metadata: stored.metadata });
  });
});

describe('/sitemap.xml at 10,001 products', () => {
  it('lists 10,000 of them with a handful of KV operations, fast and small enough for Workers', { timeout: 240_000 }, async () => {
    const keys = Array.from({ length: 10_001 }, (_, index) => `big:product:product-${String(index).padStart(5, '0')}`);
    const record = JSON.stringify({ note: 'the sitemap never reads product records' });
    for (let index = 0; index < keys.length; index += 200) {
      await Promise.all(keys.slice(index, index + 200).map((key) => shop.kv.put(key, record, { metadata: { updatedAt: '2026-01-02 03:04:05' } })));
    }
    const host = `${BIG_HOST}:${new URL(shop.storefront.url).port}`;
    const started = performance.now();
    const response = await get('/sitemap.xml', { Host: host });
    const xml = await response.text();
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    // 10 list pages of products, one each for CMS pages and blog posts, and at most one read (the
    // category tree, unless the isolate memo already holds it): far below Workers' 1,000 per request.
    const timing = new Map((response.headers.get('Server-Timing') ?? '').split(', ').map((metric) => {
      const [name = '', description = ''] = metric.split(';desc=');
      return [name, Number(JSON.parse(description))] as const;
    }));
    expect(timing.get('kv-list')).toBe(12);
    // The category tree and the store config (a store-wide login wall limits the list), unless memoized.
    expect(timing.get('kv-get')).toBeLessThanOrEqual(2);
    expect(XMLValidator.validate(xml)).toBe(true);
    const urls = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml).urlset.url as UrlNode[];
    const products = urls.filter((url) => url.priority === 0.6);
    expect(products).toHaveLength(10_000);
    expect(products.every((url) => url.lastmod === '2026-01-02T03:04:05Z' && url.loc.startsWith(`http://${host}/product-`))).toBe(true);
    console.log(`sitemap of 10,000 products: ${(xml.length / 1024).toFixed(0)} KiB in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(5_000);
  });
});

describe('/llms.txt', () => {
  it('parses into the proposal structure, with the menu categories and footer pages of the store', async () => {
    const response = await get('/llms.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const llms = parseLlmsTxt(await response.text());
    const config = await storeConfig('default');
    expect(llms.title).toBe(config.storeName);
    const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json'))!;
    const menu = tree.filter((node) => node.isActive && node.includeInMenu);
    expect(tree.length).toBeGreaterThan(menu.length); // the demo hides some from the menu
    expect(llms.sections.get('Categories')?.map((entry) => entry.name).sort()).toEqual(menu.map((node) => node.name).sort());
    expect(llms.sections.get('Pages')?.map((entry) => pathOf(entry.url))).toEqual(['/about-us', '/customer-service', '/privacy-policy']);
  });

  it('links only URLs on the configured origin that answer 200 on the running storefront', async () => {
    const llms = parseLlmsTxt(await (await get('/llms.txt')).text());
    const links = [...llms.sections.values()].flat();
    expect(links.length).toBeGreaterThan(10);
    for (const { url } of links) {
      expect(url.startsWith(`${PUBLIC_ORIGIN}/`), url).toBe(true);
      const response = await get(pathOf(url));
      expect(response.status, url).toBe(200);
    }
  });
});

describe('/.well-known documents', () => {
  it('OAuth metadata passes oauth4webapi discovery processing for the store origin as issuer', async () => {
    // Fetched here rather than with discoveryRequest, which insists on https; the processing
    // (status, content type, JSON, issuer equal to the expected one) is the library's.
    const response = await get('/.well-known/oauth-authorization-server');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const server = await processDiscoveryResponse(new URL(PUBLIC_ORIGIN), response);
    expect(server).toMatchObject({
      issuer: PUBLIC_ORIGIN,
      token_endpoint: `${PUBLIC_ORIGIN}/api/auth/token`,
      revocation_endpoint: `${PUBLIC_ORIGIN}/api/auth/logout`,
      service_documentation: `${PUBLIC_ORIGIN}/.well-known/api-catalog`,
    });
    expect(server.authorization_endpoint).toBeUndefined();
    expect(server.code_challenge_methods_supported).toBeUndefined();
  });

  it('api-catalog answers GET with the RFC 9727 linkset and HEAD with Link headers', async () => {
    const response = await get('/.well-known/api-catalog');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const body = (await response.json()) as { linkset: Array<Record<string, unknown>> };
    expect(body.linkset[0]).toMatchObject({ anchor: `${PUBLIC_ORIGIN}/.well-known/api-catalog` });
    for (const relation of ['service-desc', 'service-doc', 'status', 'authorization-server', 'mcp-server']) {
      const [target] = body.linkset[0]?.[relation] as Array<{ href: string; type: string }>;
      const linked = await get(pathOf(target!.href));
      expect(linked.status, relation).toBe(200);
      expect(linked.headers.get('Content-Type') ?? '', relation).toContain(target!.type === 'application/vnd.oai.openapi+json' ? 'json' : target!.type);
    }

    const head = await get('/.well-known/api-catalog', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const link = head.headers.get('Link') ?? '';
    expect(link).toContain(`<${PUBLIC_ORIGIN}/api/docs.json>; rel="service-desc"`);
    expect(link).toContain('</.well-known/api-catalog>; rel="api-catalog"');
  });

  it('the MCP card is planned and open to any origin; /mcp answers 503 for any method', async () => {
    const card = await get('/.well-known/mcp/server-card.json');
    expect(card.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(card.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(await card.json()).toMatchObject({ status: 'planned', endpoint: `${PUBLIC_ORIGIN}/mcp`, transport: { type: 'streamable-http' } });
    for (const method of ['GET', 'POST']) {
      const mcp = await get('/mcp', { 'Content-Type': 'application/json' }, method);
      expect(mcp.status).toBe(503);
      expect(mcp.headers.get('Retry-After')).toBe('86400');
      expect(await mcp.json()).toMatchObject({ error: 'mcp_not_available', status: 'planned', serverCard: `${PUBLIC_ORIGIN}/.well-known/mcp/server-card.json` });
    }
  });
});

describe('absolute URLs per store and host (DECISIONS.md 11)', () => {
  it('a forged Host on an unlisted name changes nothing: the configured origin stays', async () => {
    const robots = await (await get('/robots.txt', { Host: 'evil.example' })).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
  });

  it('the au store on its local host links its own origin and lists its own products', async () => {
    const host = `au.localhost:${new URL(shop.storefront.url).port}`;
    const llms = parseLlmsTxt(await (await get('/llms.txt', { Host: host })).text());
    expect(llms.title).toBe((await storeConfig('au')).storeName);
    expect([...llms.sections.values()].flat().every((entry) => entry.url.startsWith(`http://${host}/`))).toBe(true);
    const urls = await sitemap({ Host: host });
    expect(urls.filter((url) => url.priority === 0.6)).toHaveLength((await productKeys('au')).length);
    expect(urls.every((url) => url.loc.startsWith(`http://${host}/`))).toBe(true);
  });

  it('the au store on a host with a configured origin uses that origin in every document', async () => {
    const headers = { Host: AU_HOST };
    expect(await (await get('/robots.txt', headers)).text()).toContain(`Sitemap: ${AU_ORIGIN}/sitemap.xml`);
    expect((await sitemap(headers)).every((url) => url.loc.startsWith(`${AU_ORIGIN}/`))).toBe(true);
    expect(await (await get('/.well-known/oauth-authorization-server', headers)).json()).toMatchObject({ issuer: AU_ORIGIN });
    expect(await (await get('/.well-known/mcp/server-card.json', headers)).json()).toMatchObject({ endpoint: `${AU_ORIGIN}/mcp` });
    const markdown = await (await get('/index.md', headers)).text();
    expect(markdown).toContain(`# ${(await storeConfig('au')).storeName}`);
    expect(markdown).toContain(`${AU_ORIGIN}/llms.txt`);
  });
});

describe('markdown negotiation', () => {
  async function someProduct(): Promise<Product> {
    const [urlKey] = await productKeys('default');
    return (await shop.kv.get<Product>(`default:product:${urlKey}`, 'json'))!;
  }

  function expectMarkdown(response: Response, status = 200): void {
    expect(response.status).toBe(status);
    expect(response.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=600');
    expect(response.headers.get('Vary')).toBe('Accept');
    expect(Number(response.headers.get('x-markdown-tokens'))).toBeGreaterThan(0);
    // Never from or into the edge cache: the step answers before it.
    expect(response.headers.get('X-Cache')).toBe('BYPASS');
  }

  it('serves markdown for Accept: text/markdown, and the HTML page when HTML is also acceptable', async () => {
    const product = await someProduct();
    const markdown = await get(`/${product.urlKey}`, { Accept: 'text/markdown' });
    expectMarkdown(markdown);
    const text = await markdown.text();
    expect(text).toContain(`- SKU: ${product.sku}`);
    expect(Number(markdown.headers.get('x-markdown-tokens'))).toBe(Math.ceil(text.length / 4));

    for (const accept of ['text/markdown, text/html;q=0.9', 'text/markdown;q=0', '*/*', 'text/html,*/*;q=0.8']) {
      const html = await get(`/${product.urlKey}`, { Accept: accept });
      expect(html.status, accept).toBe(200);
      expect(html.headers.get('Content-Type'), accept).toMatch(/^text\/html/);
      expect(html.headers.get('Vary'), accept).toContain('Accept');
    }
    expectMarkdown(await get(`/${product.urlKey}`, { Accept: 'text/markdown, text/html;q=0' }));
  });

  it('serves markdown for the .md and /index.md suffixes of home, category, product and CMS pages', async () => {
    const config = await storeConfig('default');
    const home = await get('/index.md');
    expectMarkdown(home);
    expect(await home.text()).toContain(`# ${config.storeName}`);

    const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json'))!;
    const category = tree.find((node) => node.isActive)!;
    for (const path of [`/${category.urlPath}.md`, `/${category.urlPath}/index.md`]) {
      const response = await get(path);
      expectMarkdown(response);
      const text = await response.text();
      expect(text).toContain(`# ${category.name}`);
      expect(text).toMatch(/## Products/);
    }
    const product = await someProduct();
    expect(await (await get(`/${product.urlKey}.md`)).text()).toContain(`- SKU: ${product.sku}`);
    const about = await get('/about-us.md');
    expectMarkdown(about);
    expect(await about.text()).toMatch(/^# /);
  });

  it('every HTML page links llms.txt and its own markdown view, which answers 200', async () => {
    const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json'))!;
    const product = await someProduct();
    for (const path of ['/', `/${tree.find((node) => node.isActive)!.urlPath}`, `/${product.urlKey}`, '/about-us']) {
      const document = parseDocument(await (await get(path)).text());
      const alternates = DomUtils.findAll((element) => element.name === 'link' && element.attribs.rel === 'alternate', document.children);
      const byType = new Map(alternates.map((element) => [element.attribs.type, element.attribs.href]));
      expect(byType.get('text/plain'), path).toBe('/llms.txt');
      const markdownView = byType.get('text/markdown');
      expect(markdownView, path).toBeDefined();
      expectMarkdown(await get(markdownView!));
    }
  });

  it('serves the blog index, blog posts and search results as markdown, by suffix or by Accept (issue 12)', async () => {
    const index = await get('/blog.md');
    expectMarkdown(index);
    const indexText = await index.text();
    expect(indexText).toMatch(/^# Blog\n/);
    const postUrl = /\((https?:\/\/[^)]+\/blog\/[^)]+)\)/.exec(indexText)?.[1];
    expect(postUrl).toBeDefined();
    const postPath = new URL(postUrl!).pathname;
    expectMarkdown(await get('/blog', { Accept: 'text/markdown' }));
    const post = await get(`${postPath}.md`);
    expectMarkdown(post);
    expect(await post.text()).toContain(`Source: ${postUrl}`);
    expectMarkdown(await get(postPath, { Accept: 'text/markdown' }));
    expectMarkdown(await get('/blog/no-such-post.md'), 404);
    for (const path of ['/blog', postPath]) {
      const document = parseDocument(await (await get(path)).text());
      const alternate = DomUtils.findOne((element) => element.name === 'link' && element.attribs.type === 'text/markdown', document.children);
      expect(alternate?.attribs.href, path).toBe(path === '/blog' ? '/blog.md' : `${postPath}.md`);
    }

    const search = await get('/search.md?q=jacket');
    expectMarkdown(search);
    const searchText = await search.text();
    expect(searchText).toContain('# Search results for “jacket”');
    expect(searchText).toMatch(/\d+ results? for “jacket”/);
    expect(searchText).toMatch(/: (From )?\$[\d,]+\.\d\d USD/);
    expectMarkdown(await get('/search?q=jacket', { Accept: 'text/markdown' }));
    expectMarkdown(await get('/search.md?q=%21%21'), 400);
  });

  it('prices every markdown page in the store currency, and lists the featured products at home (issue 12)', async () => {
    const home = await (await get('/index.md')).text();
    expect(home).toContain('## Featured products');
    expect(home).toMatch(/: (From )?\$[\d,]+\.\d\d USD/);
    const auHost = { Host: `au.localhost:${new URL(shop.storefront.url).port}` };
    const auHome = await get('/index.md', auHost);
    expect(auHome.status).toBe(200);
    const auText = await auHome.text();
    expect(auText).toContain('## Featured products');
    expect(auText).toMatch(/: (From )?\$[\d,]+\.\d\d AUD/);
    expect(auText).not.toContain(' USD');
    const [urlKey] = await productKeys('au');
    const auProduct = await (await get(`/${urlKey}.md`, auHost)).text();
    expect(auProduct).toMatch(/- Price: .*AUD|- Price: [^$\d]/);
  });

  it('answers 404 in markdown for a page that does not exist, by suffix or by Accept', async () => {
    const missing = await get('/no-such-page-here.md');
    expectMarkdown(missing, 404);
    expect(await missing.text()).toContain('# Page not found');
    expectMarkdown(await get('/no-such-page-here', { Accept: 'text/markdown' }), 404);
    // Not a page route: the API proxy and the agent documents are never turned into markdown.
    expect((await get('/llms.txt', { Accept: 'text/markdown' })).headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
  });

  it('drops scripts and styles from CMS bodies and escapes markdown in product names', async () => {
    const page: CmsPage = {
      id: 9001, identifier: 'agent-test', title: 'Agent test', contentHeading: '', metaTitle: '', metaDescription: '', isActive: true, updatedAt: '2026-01-01 00:00:00',
      content: '<style>.x{color:red}</style><p>Visible text</p><script>window.secret = 1</script>',
    };
    await shop.kv.put('default:cms:agent-test', JSON.stringify(page), { metadata: { updatedAt: page.updatedAt } });
    const cms = await (await get('/agent-test.md')).text();
    expect(cms).toContain('Visible text');
    expect(cms).not.toContain('secret');
    expect(cms).not.toContain('color:red');

    const name = '*50% off* [today] _only_ <b>#1</b>';
    const product = { ...(await someProduct()), name, urlKey: 'agent-test-tee' };
    await shop.kv.put('default:product:agent-test-tee', JSON.stringify(product), { metadata: { updatedAt: product.updatedAt } });
    const [heading] = marked.lexer(await (await get('/agent-test-tee.md')).text()) as Tokens.Heading[];
    expect(heading?.type).toBe('heading');
    expect(heading?.tokens.map((token) => ('text' in token ? token.text : '')).join('')).toBe(name);
  });

  it('keeps hidden B2B prices hidden', async () => {
    const base = await someProduct();
    const gated = {
      ...base, urlKey: 'agent-gated-tee', price: null, specialPrice: null, finalPrice: null, minimalPrice: null,
      extensions: {
        b2bAccess: { gateFlags: { hidePrice: true, canCheckout: false, requiresLogin: false, hiddenFromListings: false }, hiddenPriceMessage: 'Trade prices after login', redirectTo: null },
      },
    };
    await shop.kv.put('default:product:agent-gated-tee', JSON.stringify(gated), { metadata: { updatedAt: base.updatedAt } });
    const text = await (await get('/agent-gated-tee.md')).text();
    expect(text).toContain('- Price: Trade prices after login');
    expect(text).not.toMatch(/\$\s?\d/);
  });
});

describe('B2B-gated products on their HTML pages (DECISIONS.md 30, 31)', () => {
  const gate = {
    gateFlags: { hidePrice: true, canCheckout: false, requiresLogin: false, hiddenFromListings: false },
    hiddenPriceMessage: 'Trade prices after login',
    redirectTo: null,
  };

  /** A full record of the backend (children included), as a module hiding every price would answer it. */
  async function gatedDetail(type: Product['type'], urlKey: string, canCheckout = false): Promise<Product> {
    const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100`)).json()) as { member: Product[] };
    const { id } = listing.member.find((product) => product.type === type)!;
    const detail = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${id}`)).json()) as Product;
    const withheld = { price: null, specialPrice: null, finalPrice: null };
    return {
      ...detail, ...withheld, minimalPrice: null, urlKey, relatedSkus: [], extensions: { b2bAccess: { ...gate, gateFlags: { ...gate.gateFlags, canCheckout } } },
      bundleOptions: detail.bundleOptions?.map((option) => ({ ...option, selections: option.selections.map((selection) => ({ ...selection, price: null })) })),
      variants: detail.variants?.map((variant) => ({ ...variant, ...withheld })),
    };
  }

  async function page(record: Product): Promise<string> {
    await shop.kv.put(`default:product:${record.urlKey}`, JSON.stringify(record), { metadata: { updatedAt: record.updatedAt } });
    const response = await get(`/${record.urlKey}`);
    expect(response.status).toBe(200);
    return response.text();
  }

  it('shows the hidden-price message as a sign-in link (back to the page) instead of any price; add-to-cart and quantity only where checkout is allowed', async () => {
    const cases = [['simple', 'gated-simple', false], ['bundle', 'gated-kit', false], ['configurable', 'gated-options', false], ['bundle', 'gated-kit-buyable', true]] as const;
    for (const [type, urlKey, canCheckout] of cases) {
      const record = await gatedDetail(type, urlKey, canCheckout);
      const html = await page(record);
      const document = parseDocument(html);
      // The product's own part of the page (related products below are other, ungated products).
      const summary = DomUtils.findOne((node) => node.attribs.class === 'summary', document.children)!;
      const hidden = DomUtils.findAll((node) => node.attribs['data-price-hidden'] !== undefined, [summary]);
      expect(hidden.map((node) => DomUtils.textContent(node).trim()), type).toEqual([expect.stringMatching(/^Trade prices after login/)]);
      // The demo loads B2B Registration, so the trade application is offered next to signing in.
      expect(DomUtils.getElementsByTagName('a', hidden).map((link) => link.attribs.href), type).toEqual([`/login?returnTo=%2F${urlKey}`, '/trade-account']);
      expect(DomUtils.textContent(summary), type).not.toMatch(/\$\s?\d/);
      expect(DomUtils.textContent(summary).includes('Add to cart'), urlKey).toBe(canCheckout);
      expect(DomUtils.findAll((node) => node.attribs['data-purchase-blocked'] !== undefined, [summary]), urlKey).toHaveLength(canCheckout ? 0 : 1);
      expect(DomUtils.findAll((node) => node.name === 'input' && node.attribs.name === 'qty', [summary]), urlKey).toHaveLength(canCheckout ? 1 : 0);
      expect(html, type).not.toContain('"offers"');
      if (type === 'bundle') expect(DomUtils.textContent(summary)).toContain(record.bundleOptions![0]!.selections[0]!.name);
    }
  });
});
