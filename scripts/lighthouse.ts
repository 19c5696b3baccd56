/**
 * `npm run lighthouse [base URL] [paths…]`: Lighthouse (mobile preset, the default) on the given
 * paths, or else the home page, a category and a product page of a running, synced storefront,
 * in the project's Chromium (scripts/lib/chromium.ts). Prints the four category scores per page
 * and writes the full JSON reports to test-results/lighthouse/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launchChromiumWithPort } from './lib/chromium.ts';
import { ROOT } from './lib/processes.ts';

const base = (process.argv[2] ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The first menu category and its first product card, so the script needs no catalog knowledge. */
async function samplePaths(): Promise<string[]> {
  const home = await (await fetch(`${base}/`)).text();
  const category = /class="nav-link" href="(\/[^"]+)"/.exec(home)?.[1];
  const listing = category ? await (await fetch(`${base}${category}`)).text() : '';
  const product = /class="link" href="(\/[^"]+)"/.exec(listing)?.[1];
  if (!category || !product) throw new Error(`Could not find a category and a product linked from ${base}/`);
  return ['/', category, product];
}

const chrome = await launchChromiumWithPort();
try {
  const outDir = join(ROOT, 'test-results/lighthouse');
  await mkdir(outDir, { recursive: true });
  const rows: Array<Record<string, string | number>> = [];
  const given = process.argv.slice(3);
  for (const path of given.length > 0 ? given : await samplePaths()) {
    const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const row: Record<string, string | number> = { page: path };
    for (const category of CATEGORIES) row[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
    rows.push(row);
    await writeFile(join(outDir, `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '_')}.json`), JSON.stringify(result.lhr, null, 2));
  }
  console.table(rows);
} finally {
  chrome.kill();
}
