/**
 * The sync at scale (issue 18, README "Sync at scale"): for each catalog size, a shop of its own
 * (generated catalog in both stores, fresh KV), the floor (merely fetching every backend page the
 * sync reads) and a first full sync: wall time, steps (invocations), and the most KV operations
 * and subrequests any one invocation made, as the coordinator's counting bindings report them.
 * Needs the storefront built.
 */
import { join } from 'node:path';
import { createBackendClient } from '../../src/lib/backend-client.ts';
import { freePort } from './ports.ts';
import { seedCatalog, startBackend, startStorefront, type Child } from './processes.ts';

export interface ScaleFigure {
  products: number;
  seedSeconds: number;
  floorSeconds: number;
  syncSeconds: number;
  syncToFloor: number;
  written: number;
  invocations: { steps: number; maxKvOperations: number; maxSubrequests: number; maxStepMs: number; driverSubrequests: number };
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Every backend read a full sync makes, through the same client, nothing written. */
export async function fetchFloor(backendUrl: string): Promise<number> {
  const client = createBackendClient({ baseUrl: backendUrl, timeoutMs: 300_000 });
  const started = performance.now();
  const stores = await client.stores();
  await Promise.all(
    stores.flatMap(({ code }) => [client.storeConfig(code), client.categories(code), client.products(code), client.cmsPages(code), client.blogPosts(code), client.countries(code)]),
  );
  return seconds(started);
}

export async function syncScaleFigure(dir: string, products: number, children: Child[]): Promise<ScaleFigure> {
  const secret = 'bench-secret-0123456789';
  // Shared by both sides as `npm start` arranges (the storefront reads Custom Forms' schemas with it).
  const proxySecret = 'bench-proxy-secret-0123456789abcdef0123456789';
  const pgliteDir = join(dir, `pglite-${products}`);
  const seeding = performance.now();
  seedCatalog(pgliteDir, products);
  const seedSeconds = seconds(seeding);
  const backend = await startBackend({ port: await freePort(), env: { PGLITE_DIR: pgliteDir, SYNC_SECRET: secret, STOREFRONT_PROXY_SECRET: proxySecret } });
  children.push(backend);
  const storefront = await startStorefront({ port: await freePort(), persistTo: join(dir, `wrangler-${products}`), vars: { BACKEND_API_URL: backend.url, SYNC_SECRET: secret, STOREFRONT_PROXY_SECRET: proxySecret } });
  children.push(storefront);
  try {
    const floorSeconds = await fetchFloor(backend.url);
    const started = performance.now();
    const response = await fetch(`${storefront.url}/sync`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` }, signal: AbortSignal.timeout(1_800_000) });
    const answer = (await response.json()) as { kv: { written: number }; invocations: ScaleFigure['invocations'] };
    if (!response.ok) throw new Error(`sync of ${products} products failed: ${JSON.stringify(answer)}`);
    const syncSeconds = seconds(started);
    return { products, seedSeconds, floorSeconds, syncSeconds, syncToFloor: syncSeconds / floorSeconds, written: answer.kv.written, invocations: answer.invocations };
  } finally {
    await Promise.allSettled([storefront.stop(), backend.stop()]);
  }
}
