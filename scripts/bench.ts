/**
 * `npm run bench`: figures for the sync and the storefront, on a throw-away shop.
 *   npm run bench -- --products 10000 [--duration 10] [--connections 10] [--only b2b-access|b2b-pricing|widget|sync-scale|request-path|load|mcp|bulk-add] [--scale 1000,10000,50000] [--early on|off]
 * Seeds a generated catalog, then measures: the floor (merely fetching every backend page the
 * sync reads), a first and a no-op full sync, and the request path (scripts/lib/request-path-bench.ts:
 * throughput, latency and worker CPU of a fixed response, a static asset, a cached page, a 304,
 * /pulse, /health, /robots.txt, an uncached product and category page; `--only request-path` runs that
 * alone, and `--profile <file>` adds CPU profiles of the worker during uncached product and category renders,
 * scripts/lib/worker-profile.ts), and
 * what B2B Access with 50 rules adds to a 100-product listing (scripts/lib/access-bench.ts; `--only
 * b2b-access` runs that figure alone, without building the storefront), and the bytes of the widget's
 * files (the `/embed.js` loader, its main module and each chunk loaded on first use: raw, gzip,
 * brotli) and the time from a click on a bundle's card to an interactive lightbox (`--only widget`
 * measures just those, scripts/lib/widget-bundle-bench.ts), and the time it takes to render 50
 * cards on a host page in Chromium, and the time from an admin save to the changed page
 * being served (p50 over 20 saves, the connector's debounce window stated), and the sync at scale
 * (scripts/lib/sync-scale-bench.ts: 1,000, 10,000 and 50,000 products by default, each a first sync
 * and a repeat with nothing changed, time and keys written beside the fetch floor; `--only sync-scale`,
 * with `--profile <file>` a CPU profile of each first sync),
 * and the backend under load (scripts/lib/load-bench.ts: 50 connections for 60 s each against the
 * catalog API, search, cart writes and checkout, on the embedded database and, with TEST_DATABASE_URL,
 * on PostgreSQL; `--only load [--database pglite|postgres] [--load search]`), and agent commerce
 * (scripts/lib/mcp-bench.ts: `search_catalog` and `get_product` over MCP next to the same reads over
 * `/api/*`, with the MCP overhead; `--only mcp`), and quick order (scripts/lib/bulk-add-bench.ts: 1,000
 * lines in one bulk add against one request each, time and SQL statements; `--only bulk-add`).
 * Prints a table and writes the figures as JSON to bench-results/.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBackendClient } from '../src/lib/backend-client.ts';
import { isListingStub } from '../src/lib/catalog/product-stub.ts';
import { CATEGORY_PAGE_SIZE, flattenCategories } from '../src/lib/catalog/listing.ts';
import type { CategoryNode } from '../src/lib/content/schemas.ts';
import { buildWidget } from '../integrations/widget-bundle.ts';
import { accessListingBench, type AccessFigures } from './lib/access-bench.ts';
import { pricingListingBench, type PricingFigures } from './lib/pricing-bench.ts';
import { widgetRenderFigures } from './lib/widget-render-bench.ts';
import { bundleOpenFigure, widgetFileSizes, type BundleOpenFigure, type WidgetFileSize } from './lib/widget-bundle-bench.ts';
import { saveToPageFigures } from './lib/save-to-page-bench.ts';
import { fetchFloor, syncScaleFigure, type ScaleFigure } from './lib/sync-scale-bench.ts';
import { CEILING_PROBE_PATH, loadPath, requestPathFigures } from './lib/request-path-bench.ts';
import { busyMs, profileWorker, topFunctions } from './lib/worker-profile.ts';
import { loadFigures, printLoadFigures, type LoadFigure } from './lib/load-bench.ts';
import { mcpFigures, type McpBenchFigure } from './lib/mcp-bench.ts';
import { bulkAddFigure, type BulkAddFigure } from './lib/bulk-add-bench.ts';
import { freePort } from './lib/ports.ts';
import { ROOT, buildStorefront, seedCatalog, startBackend, startStorefront, type Child } from './lib/processes.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '240' },
    // Defaults per figure: 10 s and 10 connections for the request path, 60 s and 50 for the backend load.
    duration: { type: 'string' },
    connections: { type: 'string' },
    // `--only load`: which databases (pglite, postgres; postgres needs TEST_DATABASE_URL) and which loads (names containing it).
    database: { type: 'string' },
    load: { type: 'string' },
    only: { type: 'string' },
    scale: { type: 'string', default: '1000,10000,50000' },
    // `off`: the storefront answers every request through Astro (EARLY_RESPONSES), for a before/after.
    early: { type: 'string', default: 'on' },
    // `--profile <file>`: with `--only request-path`, after the figures, a CPU profile of the worker
    // during uncached product renders, written to <file> (.cpuprofile), and one during uncached category
    // pages, written to <file>-category.cpuprofile; with `--only sync-scale`, one of
    // each size's first sync, written to <file>-<size>.cpuprofile. Their top functions are printed.
    profile: { type: 'string' },
  },
});
if (!['on', 'off'].includes(values.early)) throw new Error('--early takes "on" or "off".');
if (values.only !== undefined && !['b2b-access', 'b2b-pricing', 'widget', 'sync-scale', 'request-path', 'load', 'mcp', 'bulk-add'].includes(values.only)) throw new Error('--only takes "b2b-access", "b2b-pricing", "widget", "sync-scale", "request-path", "load", "mcp" or "bulk-add".');
if (values.database !== undefined && !['pglite', 'postgres'].includes(values.database)) throw new Error('--database takes "pglite" or "postgres".');
const scales = values.scale.split(',').map(Number);
const products = Number(values.products);
const duration = Number(values.duration ?? '10');
const connections = Number(values.connections ?? '10');
const load = { duration: Number(values.duration ?? '60'), connections: Number(values.connections ?? '50') };
const secret = 'bench-secret-0123456789';
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Queries of the search latency figure: a word, a plural (stemmed), a typo (corrected), two words, a prefix. */
const SEARCH_QUERIES = ['jacket', 'jackets', 'jakcet', 'rain jacket', 'fle'];

/** Median and p90 latency of the backend's search (sequential requests, 20 rounds of SEARCH_QUERIES after a warm-up round). */
async function searchLatency(backendUrl: string): Promise<{ medianMs: number; p90Ms: number; queries: string[] }> {
  const timings: number[] = [];
  for (let round = 0; round <= 20; round++) {
    for (const q of SEARCH_QUERIES) {
      const started = performance.now();
      const response = await fetch(`${backendUrl}/api/rest/v2/search?q=${encodeURIComponent(q)}&itemsPerPage=24`);
      if (!response.ok) throw new Error(`search for ${q} answered ${response.status}`);
      await response.arrayBuffer();
      if (round > 0) timings.push(performance.now() - started);
    }
  }
  timings.sort((a, b) => a - b);
  const at = (share: number) => Number(timings[Math.min(timings.length - 1, Math.floor(timings.length * share))]!.toFixed(1));
  return { medianMs: at(0.5), p90Ms: at(0.9), queries: SEARCH_QUERIES };
}

async function sync(storefrontUrl: string) {
  const started = performance.now();
  const response = await fetch(`${storefrontUrl}/sync`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` } });
  const body = (await response.json()) as { synced?: Record<string, number>; kv?: Record<string, number> };
  if (!response.ok) throw new Error(`sync failed: ${JSON.stringify(body)}`);
  return { seconds: seconds(started), synced: body.synced, kv: body.kv };
}

/** Seeds the generated catalog into a PGlite directory; answers the seconds it took. */
function seedInto(pgliteDir: string): number {
  const started = performance.now();
  seedCatalog(pgliteDir, products);
  return seconds(started);
}

const row = (name: string, value: string) => console.log(`${name.padEnd(34)} ${value}`);

/** The sync at each catalog size of `--scale`, each on a shop of its own (the storefront built). */
async function scaleFigures(dir: string, children: Child[]): Promise<ScaleFigure[]> {
  const figures: ScaleFigure[] = [];
  for (const size of scales) {
    const profileTo = values.profile?.replace(/(\.cpuprofile)?$/, `-${size}.cpuprofile`);
    const { profile, ...figure } = await syncScaleFigure(dir, size, children, profileTo);
    row(`sync at ${size} products/store`, `fetch floor ${figure.floorSeconds.toFixed(2)} s`);
    for (const [name, run] of [['first sync', figure.first], ['repeat sync (no change)', figure.repeat]] as const) {
      const spent = run.invocations;
      // Time per product of a store: comparable across catalog sizes (and with another storefront's sync).
      const perProduct = ((run.seconds * 1000) / size).toFixed(2);
      row(`  ${name}`, `${run.seconds.toFixed(2)} s (${run.toFloor.toFixed(2)}x the floor; target <= 2x at 10000; ${perProduct} ms per product of a store), ${run.written} keys written, ${run.unchanged} unchanged, ${run.deleted} deleted`);
      row('', `${spent.steps} invocations; max per invocation ${spent.maxKvOperations} KV ops, ${spent.maxSubrequests} subrequests, ${spent.maxStepMs} ms; the driving request ${spent.driverSubrequests} subrequests (limits 1000 / 1000 / 30 s CPU)`);
    }
    if (profile) {
      console.log(`  worker CPU profile of the first sync, written to ${profileTo}; busy ${(busyMs(profile) / 1000).toFixed(1)} s; most self time:`);
      for (const line of topFunctions(profile, 15)) console.log(`    ${line}`);
    }
    figures.push(figure);
  }
  return figures;
}

/** The B2B Access figure, on a database of its own (the storefront's backend holds the other). */
async function accessFigures(dir: string): Promise<AccessFigures> {
  const pgliteDir = join(dir, 'pglite-access');
  seedInto(pgliteDir);
  const figures = await accessListingBench(pgliteDir);
  for (const [who, figure] of [['guest', figures.guest], ['Wholesale', figures.wholesale]] as const) {
    row(`B2B Access listing p50, ${who}`, `${figure.loadedMs} ms with ${figures.rules} rules vs ${figure.unloadedMs} ms unloaded: +${(figure.added * 100).toFixed(1)}% (target <= 15%)`);
  }
  for (const [who, figure] of [['guest', figures.detail.guest], ['Wholesale', figures.detail.wholesale]] as const) {
    row(`B2B Access detail p50, ${who}`, `configurable with ${figures.detail.variants} variants: ${figure.loadedMs} ms vs ${figure.unloadedMs} ms unloaded: +${(figure.added * 100).toFixed(1)}%`);
  }
  return figures;
}

/** The B2B Pricing figure, on a database of its own. */
async function pricingFigures(dir: string): Promise<PricingFigures> {
  const pgliteDir = join(dir, 'pglite-pricing');
  seedInto(pgliteDir);
  const figures = await pricingListingBench(pgliteDir);
  for (const [who, figure] of [['guest', figures.guest], ['company buyer', figures.wholesale]] as const) {
    row(`B2B Pricing listing p50, ${who}`, `${figure.loadedMs} ms with ${figures.lists} lists of ${figures.itemsPerList} items vs ${figure.unloadedMs} ms without the module: +${(figure.added * 100).toFixed(1)}% (target <= 15%)`);
  }
  return figures;
}

/** The quick-order figure, on a database of its own (the app runs in this process to count statements). */
async function bulkAddFigures(dir: string): Promise<BulkAddFigure> {
  const pgliteDir = join(dir, 'pglite-bulk-add');
  seedInto(pgliteDir);
  const figure = await bulkAddFigure(pgliteDir);
  row('bulk add of 1,000 lines', `p50 ${figure.bulkMs} ms, ${figure.bulkStatements} SQL statements (${figure.added} added, ${figure.refused} refused; Wholesale buyer, B2B Access on)`);
  row('', `10 lines: ${figure.tenLineStatements} statements, so ${figure.statementsPerLine} per further line; one request per line: ${figure.oneByOneMs} ms, ${figure.oneByOneStatements} statements`);
  return figure;
}

async function writeFigures(name: string, figures: object): Promise<void> {
  const outDir = join(ROOT, 'bench-results');
  await mkdir(outDir, { recursive: true });
  const file = join(outDir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify(figures, null, 2));
  console.log(`\nfigures written to ${file}`);
}

/** The storefront figures: sync, load in workerd, search, and B2B Access. */
function widgetRows(sizes: WidgetFileSize[], bundleOpen: BundleOpenFigure): void {
  for (const size of sizes) row(`widget /${size.file}`, `${size.raw} B raw, ${size.gzip} B gzip, ${size.brotli} B brotli${size.firstLoad ? '' : ' (on first use; budget 20000 gzip)'}`);
  const first = sizes.filter((size) => size.firstLoad);
  const sum = (key: 'raw' | 'gzip') => first.reduce((total, size) => total + size[key], 0);
  row('widget first load', `${sum('raw')} B raw, ${sum('gzip')} B gzip (budget 40000 / 15000 gzip)`);
  row('widget: bundle card click → interactive', `median ${bundleOpen.medianMs} ms of ${bundleOpen.runs} cold runs (${bundleOpen.ms.join(', ')} ms), options chunk fetched cold each run (its fetch starts at the card's pointerenter, just before the click)`);
}

/** The widget's files as the storefront build wrote them, and a bundle's click-to-interactive time. */
async function widgetFigures(storefront: Child, backendUrl: string): Promise<{ sizes: WidgetFileSize[]; bundleOpen: BundleOpenFigure }> {
  // The build wrote them into dist/client; building again into a temporary folder names the same files.
  const dir = await mkdtemp(join(tmpdir(), 'widget-bench-'));
  try {
    const sizes = await widgetFileSizes(dir, await buildWidget(dir));
    for (let page = 1; ; page++) {
      const listing = (await (await fetch(`${backendUrl}/api/rest/v2/products?itemsPerPage=100&page=${page}`)).json()) as { member: Array<{ sku: string; type: string; stockStatus: string }> };
      const bundle = listing.member.find((product) => product.type === 'bundle' && product.stockStatus === 'in_stock');
      if (bundle) return { sizes, bundleOpen: await bundleOpenFigure(storefront.url, bundle.sku) };
      if (listing.member.length < 100) throw new Error('the bench catalog has no bundle in stock');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Shared by both sides as `npm start` arranges: the visitor's IP signature and Custom Forms' render tokens.
const proxySecret = 'bench-proxy-secret-0123456789abcdef0123456789';
const admin = { email: 'bench-admin@example.com', password: 'Bench#Admin2026' };
const debounceMs = 2000; // the connector's default (STOREFRONT_SYNC_DEBOUNCE_MS): what a merchant gets

/** The seeded backend and the built storefront in workerd (with the ceiling probe), not yet synced. */
async function startBenchShop(dir: string, children: Child[]) {
  const env = {
    PGLITE_DIR: join(dir, 'pglite'),
    SYNC_SECRET: secret,
    STOREFRONT_PROXY_SECRET: proxySecret,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    STOREFRONT_SYNC_DEBOUNCE_MS: String(debounceMs),
  };
  const seedSeconds = seedInto(env.PGLITE_DIR);
  const [backend] = await Promise.all([startBackend({ port: await freePort(), env }), buildStorefront()]);
  children.push(backend);
  const storefront = await startStorefront({
    port: await freePort(),
    persistTo: join(dir, 'wrangler'),
    vars: { BACKEND_API_URL: backend.url, SYNC_SECRET: secret, STOREFRONT_PROXY_SECRET: proxySecret, CEILING_PROBE_PATH, EARLY_RESPONSES: values.early, AGENT_COMMERCE: 'on' },
  });
  children.push(storefront);
  return { backend, storefront, seedSeconds };
}

const ratio = (value: number) => `${value.toFixed(2)}x`;

/**
 * The `n`th distinct category page (each category's listing pages, `?page=N` past the first), as a
 * crawl walks them. Once every page was asked, each round adds its own query parameter so that the
 * page renders again instead of being an edge HIT (the listing page's KV read may then come from the
 * isolate's memo, as a crawl's second visit within a few seconds would).
 */
function listingPagePaths(tree: CategoryNode[]): (n: number) => string {
  const pages = flattenCategories(tree)
    .map(({ category }) => category)
    .filter((category) => category.isActive && category.productCount > 0)
    .flatMap((category) => Array.from({ length: Math.ceil(category.productCount / CATEGORY_PAGE_SIZE) }, (_, index) => ({ path: `/${category.urlPath}`, page: index + 1 })));
  return (n) => {
    const { path, page } = pages[n % pages.length]!;
    const round = Math.floor(n / pages.length);
    const query = new URLSearchParams([...(page > 1 ? [['page', String(page)]] : []), ...(round > 0 ? [['round', String(round)]] : [])]);
    return query.size === 0 ? path : `${path}?${query}`;
  };
}

/**
 * The request path's figures on a synced shop. Uncached renders walk through distinct products
 * (each path rendered once from KV), as a crawl of a cold catalog does; the HIT load repeats one
 * warmed page. Only products whose KV record is complete: a listing stub's first view also fetches
 * the backend (SPEC.md sync rule 4).
 */
async function requestPath(backend: Child, storefront: Child & { inspectorPort: number }) {
  const catalog = await createBackendClient({ baseUrl: backend.url, timeoutMs: 120_000 }).products('default');
  const paths = catalog.filter((product) => !isListingStub(product)).map((product) => `/${product.urlKey}`);
  const [cachedPath] = paths;
  const warm = await fetch(`${storefront.url}${cachedPath}`);
  await warm.arrayBuffer();
  let next = 1;
  const categoryPaths = listingPagePaths(await createBackendClient({ baseUrl: backend.url, timeoutMs: 120_000 }).categories('default'));
  let nextCategory = 0;
  const figures = await requestPathFigures(
    storefront.url,
    storefront.process.pid!,
    {
      cachedPath: cachedPath!,
      etag: warm.headers.get('ETag') ?? '',
      uncachedPaths: () => paths[next++ % paths.length]!,
      uncachedCategoryPaths: () => categoryPaths(nextCategory++),
      assetPath: '/favicon.svg',
    },
    { connections, duration },
  );
  const targets: Record<string, string> = {
    'cached page (HIT)': 'target: CPU <= 1.10x, req/s >= 0.90x',
    '/pulse': 'target: within 15%',
    '/health': 'target: within 15%',
    '/robots.txt': 'target: within 15%',
  };
  console.log(`\nrequest path (early responses ${values.early}; ${connections} connections, ${duration} s each; each figure's ratios are to the fixed response above it, of its size; 304 and uncached to the bare 204)`);
  for (const figure of figures) {
    row(
      `  ${figure.name}`,
      `${String(figure.requestsPerSecond).padStart(6)} req/s (${ratio(figure.throughputToFixed)})  p50 ${figure.p50} ms  p99 ${figure.p99} ms  CPU ${figure.cpuMs.toFixed(3)} ms/req (${ratio(figure.cpuToFixed)})  errors ${figure.errors}  ${targets[figure.name] ?? ''}`,
    );
  }
  return { catalog, figures, productPaths: paths, categoryPaths };
}

/** MCP tool calls next to the same REST reads (scripts/lib/mcp-bench.ts), on the first product of the catalog. */
async function agentCommerce(storefront: Child, catalog: Array<{ id: number }>): Promise<McpBenchFigure[]> {
  const figures = await mcpFigures(storefront.url, catalog[0]!, SEARCH_QUERIES[0]!, { connections, duration, processGroup: storefront.process.pid! });
  console.log(`\nagent commerce (${connections} connections, ${duration} s each; guest; MCP 2026-07-28 stateless, one request per call)`);
  for (const figure of figures) {
    row(`  ${figure.name}`, `${String(figure.requestsPerSecond).padStart(6)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms  CPU ${figure.cpuMs.toFixed(3)} ms/req  errors ${figure.errors}`);
  }
  for (const [rest, mcp] of [[figures[0]!, figures[1]!], [figures[2]!, figures[3]!]]) {
    row(
      `  MCP overhead: ${mcp.name}`,
      `throughput ${ratio(mcp.requestsPerSecond / Math.max(rest.requestsPerSecond, 1))} of ${rest.name}; worker CPU +${(mcp.cpuMs - rest.cpuMs).toFixed(3)} ms/call (${ratio(mcp.cpuMs / Math.max(rest.cpuMs, 0.001))})`,
    );
  }
  return figures;
}

async function mcpBench(dir: string, children: Child[]): Promise<void> {
  const { backend, storefront } = await startBenchShop(dir, children);
  await sync(storefront.url);
  row('catalog', `${products} products per store`);
  const catalog = await createBackendClient({ baseUrl: backend.url, timeoutMs: 120_000 }).products('default');
  await writeFigures('bench-mcp', { products, connections, duration, mcp: await agentCommerce(storefront, catalog) });
}

async function requestPathBench(dir: string, children: Child[]): Promise<void> {
  const { backend, storefront } = await startBenchShop(dir, children);
  await sync(storefront.url);
  row('catalog', `${products} products per store`);
  const { figures, productPaths, categoryPaths } = await requestPath(backend, storefront);
  await writeFigures('bench-request-path', { products, connections, duration, requestPath: figures });
  if (!values.profile) return;
  // This run's own query on every path: each request is a MISS, even for a page the figures rendered.
  const run = `profile=${Date.now()}`;
  const missing = (path: string) => `${path}${path.includes('?') ? '&' : '?'}${run}`;
  await profileUncachedRender(storefront, 'uncached product render', (n) => missing(productPaths[n % productPaths.length]!), values.profile);
  await profileUncachedRender(storefront, 'uncached category page', (n) => missing(categoryPaths(n)), values.profile.replace(/(\.cpuprofile)?$/, '-category.cpuprofile'));
}

/**
 * A CPU profile of the worker while it renders the pages `pathAt` names (the cache key's query
 * normalisation, a few per cent, shows in it because each path carries a query of the run's own).
 */
async function profileUncachedRender(storefront: Child & { inspectorPort: number }, name: string, pathAt: (n: number) => string, file: string) {
  let next = 0;
  const { result, profile } = await profileWorker(storefront.inspectorPort, () =>
    loadPath(`${name} (profiled)`, storefront.url, { path: '/', paths: () => pathAt(next++) }, storefront.process.pid!, { connections, duration }),
  );
  await writeFile(file, JSON.stringify(profile));
  const requests = Math.round(result.requestsPerSecond * duration);
  console.log(`\nworker CPU profile of the ${name}, written to ${file}: ${requests} renders, the worker's isolate busy ${(busyMs(profile) / requests).toFixed(2)} ms a render; most self time:`);
  for (const line of topFunctions(profile)) console.log(`  ${line}`);
}

async function fullBench(dir: string, children: Child[]): Promise<void> {
  const { backend, storefront, seedSeconds } = await startBenchShop(dir, children);
  const floorSeconds = await fetchFloor(backend.url);
  const firstSync = await sync(storefront.url);
  const noopSync = await sync(storefront.url);
  row('catalog', `${products} products per store`);
  row('seed', `${seedSeconds.toFixed(1)} s`);
  row('floor: fetch every backend page', `${floorSeconds.toFixed(2)} s`);
  row('first full sync (empty KV)', `${firstSync.seconds.toFixed(2)} s  kv ${JSON.stringify(firstSync.kv)}`);
  row('no-op full sync', `${noopSync.seconds.toFixed(2)} s  kv ${JSON.stringify(noopSync.kv)}`);
  row('first sync / floor', `${(firstSync.seconds / floorSeconds).toFixed(2)}x (target <= 2x)`);

  const { catalog, figures: requestPathLoad } = await requestPath(backend, storefront);
  const mcp = await agentCommerce(storefront, catalog);
  const search = await searchLatency(backend.url);
  const b2bAccess = await accessFigures(dir);
  const b2bPricing = await pricingFigures(dir);
  const widget = await widgetFigures(storefront, backend.url);
  const widgetRender = await widgetRenderFigures(storefront.url, catalog.slice(0, 50).map((product) => product.sku));
  const bulkAdd = await bulkAddFigures(dir);
  const saveToPage = await saveToPageFigures({ backend: backend.url, storefront: storefront.url, syncSecret: secret, adminEmail: admin.email, adminPassword: admin.password, debounceMs });

  row('backend search (sequential)', `median ${search.medianMs} ms  p90 ${search.p90Ms} ms  (${search.queries.join(', ')})`);
  widgetRows(widget.sizes, widget.bundleOpen);
  row('admin save → page served', `p50 ${saveToPage.p50Ms} ms, p90 ${saveToPage.p90Ms} ms over ${saveToPage.saves} saves (connector debounce ${saveToPage.debounceMs} ms, then the named sync)`);
  row('widget: 50 cards on a host page', `${widgetRender.msToLastCard} ms from /embed.js request to the last card, ${widgetRender.productRequests} /embed/products requests`);

  const figures = {
    products,
    seedSeconds,
    floorSeconds,
    firstSync,
    noopSync,
    syncToFloor: firstSync.seconds / floorSeconds,
    requestPath: { connections, duration, load: requestPathLoad },
    mcp,
    search,
    b2bAccess,
    b2bPricing,
    widget,
    widgetRender,
    saveToPage,
    bulkAdd,
  };
  await writeFigures(`bench-${products}`, { ...figures, syncScale: await scaleFigures(dir, children), load: await backendLoad(dir, children) });
}

/** The backend under load (scripts/lib/load-bench.ts): the embedded database, then PostgreSQL when TEST_DATABASE_URL is set. */
async function backendLoad(dir: string, children: Child[]): Promise<LoadFigure[]> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (values.database === 'postgres' && !postgresUrl) throw new Error('--database postgres needs TEST_DATABASE_URL.');
  const only = values.load === undefined ? undefined : (name: string) => name.includes(values.load!);
  const figures: LoadFigure[] = [];
  if (values.database !== 'postgres') figures.push(...(await loadFigures(dir, children, { ...load, only })));
  if (values.database !== 'pglite' && postgresUrl) figures.push(...(await loadFigures(dir, children, { ...load, only, postgresUrl })));
  printLoadFigures(figures, load);
  return figures;
}

const dir = await mkdtemp(join(tmpdir(), 'shop-bench-'));
const children: Child[] = [];
try {
  if (values.only === 'widget') {
    const { backend, storefront } = await startBenchShop(dir, children);
    await sync(storefront.url);
    const widget = await widgetFigures(storefront, backend.url);
    widgetRows(widget.sizes, widget.bundleOpen);
    await writeFigures('bench-widget', { widget });
  } else if (values.only === 'sync-scale') {
    await buildStorefront();
    await writeFigures('bench-sync-scale', { syncScale: await scaleFigures(dir, children) });
  } else if (values.only === 'request-path') {
    await requestPathBench(dir, children);
  } else if (values.only === 'mcp') {
    await mcpBench(dir, children);
  } else if (values.only === 'load') {
    await writeFigures('bench-load', { ...load, load: await backendLoad(dir, children) });
  } else if (values.only === 'bulk-add') {
    row('catalog', `${products} products per store`);
    await writeFigures(`bench-bulk-add-${products}`, { products, bulkAdd: await bulkAddFigures(dir) });
  } else if (values.only === 'b2b-pricing') {
    row('catalog', `${products} products per store`);
    await writeFigures(`bench-b2b-pricing-${products}`, { products, b2bPricing: await pricingFigures(dir) });
  } else if (values.only === 'b2b-access') {
    row('catalog', `${products} products per store`);
    await writeFigures(`bench-b2b-access-${products}`, { products, b2bAccess: await accessFigures(dir) });
  } else {
    await fullBench(dir, children);
  }
} finally {
  await Promise.allSettled(children.map((child) => child.stop()));
  await rm(dir, { recursive: true, force: true });
}
