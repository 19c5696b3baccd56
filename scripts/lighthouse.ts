/**
 * `npm run lighthouse [base URL] [paths…]`: Lighthouse (mobile preset, the default) on the given
 * paths, or else the home page, a category, a product page, the cart and checkout of a running,
 * synced storefront (the last two with a product in a guest cart, so the cart lines and the whole
 * checkout form are audited), in the project's Chromium (scripts/lib/chromium.ts). Prints the four category scores per page
 * and writes the full JSON reports to test-results/lighthouse/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launchChromiumWithPort } from './lib/chromium.ts';
import { ROOT } from './lib/processes.ts';

const base = (process.argv[2] ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Pages kept out of search engines on purpose (`noindex`, and Disallowed in robots.txt by SPEC.md):
 * Lighthouse's "is-crawlable" audit fails them by design, so it is skipped there and reported as
 * such; every other SEO audit (description, title, link texts, tap targets…) still counts.
 */
const NOT_INDEXED = new Set(['/cart', '/checkout']);

/** The first menu category and its first product card (so the script needs no catalog knowledge), the cart and checkout. */
async function samplePaths(): Promise<string[]> {
  const home = await (await fetch(`${base}/`)).text();
  const category = /class="nav-link" href="(\/[^"]+)"/.exec(home)?.[1];
  const listing = category ? await (await fetch(`${base}${category}`)).text() : '';
  const product = /class="link" href="(\/[^"]+)"/.exec(listing)?.[1];
  if (!category || !product) throw new Error(`Could not find a category and a product linked from ${base}/`);
  return ['/', category, product, '/cart', '/checkout'];
}

/**
 * A guest cart holding one in-stock simple product, made over the storefront's `/api`. Lighthouse
 * starts every page with empty storage, so the cart's token reaches the page as a request header
 * (the API client sends it only when it has none of its own, and then keeps it).
 */
async function guestCartHeaders(): Promise<Record<string, string>> {
  const listing = (await (await fetch(`${base}/api/products?itemsPerPage=100`)).json()) as { member: { sku: string; type: string; stockStatus: string }[] };
  const product = listing.member.find((candidate) => candidate.type === 'simple' && candidate.stockStatus === 'in_stock');
  if (!product) throw new Error(`No in-stock simple product at ${base}/api/products to put in the cart`);
  const added = await fetch(`${base}/api/cart/items`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sku: product.sku, qty: 1 }) });
  const token = added.headers.get('x-cart-token');
  if (!added.ok || !token) throw new Error(`Adding ${product.sku} to a guest cart failed: ${added.status} ${await added.text()}`);
  return { 'X-Cart-Token': token };
}

const chrome = await launchChromiumWithPort();
try {
  const outDir = join(ROOT, 'test-results/lighthouse');
  await mkdir(outDir, { recursive: true });
  const rows: Array<Record<string, string | number>> = [];
  const given = process.argv.slice(3);
  const cart = await guestCartHeaders();
  for (const path of given.length > 0 ? given : await samplePaths()) {
    const personal = NOT_INDEXED.has(path);
    const skipAudits = personal ? ['is-crawlable'] : [];
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      skipAudits,
      ...(personal ? { extraHeaders: cart } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const row: Record<string, string | number> = { page: path };
    for (const category of CATEGORIES) row[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
    row.skipped = skipAudits.join(', ') || '-';
    rows.push(row);
    await writeFile(join(outDir, `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '_')}.json`), JSON.stringify(result.lhr, null, 2));
  }
  console.table(rows);
} finally {
  chrome.kill();
}
