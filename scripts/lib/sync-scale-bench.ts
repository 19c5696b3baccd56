/**
 * The sync at scale (issue 18, README "Sync at scale"): for each catalog size, a shop of its own
 * (generated catalog in both stores, fresh KV), the floor (merely fetching every backend page the
 * sync reads), a first full sync and a repeat one (nothing changed in between): wall time, KV keys
 * written, steps (invocations), and the most KV operations and subrequests any one invocation made,
 * as the coordinator's counting bindings report them. Needs the storefront built.
 */
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { createBackendClient } from '../../src/lib/backend-client.ts';
import { freePort } from './ports.ts';
import { profileWorker, type CpuProfile } from './worker-profile.ts';
import { seedCatalog, startBackend, startStorefront, type Child } from './processes.ts';

type Invocations = { steps: number; maxKvOperations: number; maxSubrequests: number; maxStepMs: number; driverSubrequests: number };

/** One sync of a scale figure: its wall time, what it wrote, and what its invocations spent. */
export interface SyncRun {
  seconds: number;
  toFloor: number;
  written: number;
  unchanged: number;
  deleted: number;
  invocations: Invocations;
}

export interface ScaleFigure {
  products: number;
  seedSeconds: number;
  floorSeconds: number;
  /** The first sync, into an empty KV. */
  first: SyncRun;
  /** The same sync again with nothing changed in the backend: what a scheduled sync of an idle shop costs. */
  repeat: SyncRun;
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

/**
 * POST with the secret, waiting as long as the sync takes: fetch gives up on an answer's headers
 * after 300 s, and a first sync of 50,000 products takes longer than that here.
 */
function postWithoutDeadline(url: string, secret: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', headers: { Authorization: `Bearer ${secret}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * `profileTo`: a CPU profile of the worker (its sync coordinator included) during the first sync is
 * written there (worker-profile.ts), and returned with the figure.
 */
export async function syncScaleFigure(dir: string, products: number, children: Child[], profileTo?: string): Promise<ScaleFigure & { profile?: CpuProfile }> {
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
  const run = async (floorSeconds: number): Promise<SyncRun> => {
    const started = performance.now();
    const { status, body } = await postWithoutDeadline(`${storefront.url}/sync`, secret);
    if (status !== 200) throw new Error(`sync of ${products} products failed: ${body}`);
    const elapsed = seconds(started);
    const answer = JSON.parse(body) as { kv: { written: number; unchanged: number; deleted: number }; invocations: Invocations };
    return { seconds: elapsed, toFloor: elapsed / floorSeconds, ...answer.kv, invocations: answer.invocations };
  };
  try {
    const floorSeconds = await fetchFloor(backend.url);
    if (profileTo === undefined) {
      const first = await run(floorSeconds);
      return { products, seedSeconds, floorSeconds, first, repeat: await run(floorSeconds) };
    }
    const { result: first, profile } = await profileWorker(storefront.inspectorPort, () => run(floorSeconds));
    await writeFile(profileTo, JSON.stringify(profile));
    return { products, seedSeconds, floorSeconds, first, repeat: await run(floorSeconds), profile };
  } finally {
    await Promise.allSettled([storefront.stop(), backend.stop()]);
  }
}
