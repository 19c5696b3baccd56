/**
 * `npm run bench`: figures for the sync and the storefront's pages, on a throw-away shop.
 *   npm run bench -- --products 10000 --requests 200
 * Prints how long seeding and full syncs take, and latency percentiles of rendered pages.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './lib/ports.ts';
import { ROOT, buildStorefront, startBackend, startStorefront, type Child } from './lib/processes.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '240' }, requests: { type: 'string', default: '100' } } });
const products = Number(values.products);
const requests = Number(values.requests);
const secret = 'bench-secret-0123456789';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeRequests(url: string, count: number): Promise<string> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`;
}

const dir = await mkdtemp(join(tmpdir(), 'shop-bench-'));
const children: Child[] = [];
try {
  const env = { PGLITE_DIR: join(dir, 'pglite'), SYNC_SECRET: secret };
  let started = performance.now();
  const seeded = spawnSync(process.execPath, ['backend/src/cli/seed.ts', '--products', String(products)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  console.log(`seed ${products} products: ${((performance.now() - started) / 1000).toFixed(1)} s (${seeded.stdout.trim()})`);

  const [backend] = await Promise.all([startBackend({ port: await freePort(), env }), buildStorefront()]);
  children.push(backend);
  const storefront = await startStorefront({
    port: await freePort(),
    persistTo: join(dir, 'wrangler'),
    vars: { BACKEND_API_URL: backend.url, SYNC_SECRET: secret },
  });
  children.push(storefront);

  for (const label of ['first full sync (empty KV)', 'second full sync (no change)']) {
    started = performance.now();
    const response = await fetch(`${storefront.url}/sync`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` } });
    const body = (await response.json()) as { synced?: Record<string, number> };
    if (!response.ok) throw new Error(`sync failed: ${JSON.stringify(body)}`);
    console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(2)} s ${JSON.stringify(body.synced)}`);
  }

  const api = async <T>(path: string) => (await (await fetch(`${backend.url}/api/rest/v2${path}`)).json()) as T;
  const [category] = (await api<{ member: Array<{ urlPath: string }> }>('/categories')).member;
  const [product] = (await api<{ member: Array<{ urlKey: string }> }>('/products?itemsPerPage=1')).member;
  for (const [name, path] of [['home', '/'], ['category', `/${category.urlPath}`], ['product', `/${product.urlKey}`]]) {
    console.log(`page ${name.padEnd(8)} x${requests}: ${await timeRequests(`${storefront.url}${path}`, requests)}`);
  }
  console.log(`backend /products?itemsPerPage=100 x${requests}: ${await timeRequests(`${backend.url}/api/rest/v2/products?itemsPerPage=100`, requests)}`);
} finally {
  await Promise.allSettled(children.map((child) => child.stop()));
  await rm(dir, { recursive: true, force: true });
}
