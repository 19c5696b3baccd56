/**
 * A whole shop for one test file: the real backend on an embedded database of its own (a copy of the
 * run's seeded template, see global-setup.ts) and the built storefront in workerd with its own KV
 * directory, on free ports.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import { freePort } from '../../scripts/lib/ports.ts';
import { ROOT, seedCatalog, startBackend, startStorefront, type Child } from '../../scripts/lib/processes.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { TEST_ADMIN } from './seeded-backend-template.ts';

export interface TestShop {
  backend: Child;
  storefront: Child;
  /** The storefront reaches the backend through this hop, which can inject failures. */
  faults: FaultProxy;
  syncSecret: string;
  /** Reads the storefront's KV (the same persisted files workerd uses). */
  kv: KVNamespace;
  /**
   * Stops the storefront's workerd and starts it again on the same KV, Cache API and Durable Object
   * storage, with `vars` on top of the shop's own for this run; on a new port unless `samePort`
   * (pages hold absolute URLs on their origin, and the origin is part of the edge-cache key).
   */
  restartStorefront: (vars?: Record<string, string>, options?: { samePort?: boolean }) => Promise<void>;
  /** POST to a management endpoint with the sync secret. */
  manage: (path: string, body?: unknown) => Promise<Response>;
  stop: () => Promise<void>;
}

export interface ShopOptions {
  /** Extra worker vars (e.g. PREVIEW_PASSWORD), on top of the backend URL and the sync secret. */
  vars?: Record<string, string>;
  /** Extra backend environment (e.g. the storefront connector's debounce window). */
  backendEnv?: Record<string, string>;
  /** A generated catalog of this many products instead of the demo's (the seed CLI, before the backend starts). */
  products?: number;
}

/**
 * The built worker's configuration with its KV binding only: the test reads the namespace the worker
 * writes, and the proxy need not (and could not) run the worker's Durable Objects, which live in it.
 */
async function kvOnlyConfig(dir: string): Promise<string> {
  const built = JSON.parse(await readFile(join(ROOT, 'dist/server/wrangler.json'), 'utf8')) as { name: string; compatibility_date: string; kv_namespaces: unknown[] };
  const path = join(dir, 'kv-only.wrangler.json');
  await writeFile(path, JSON.stringify({ name: built.name, compatibility_date: built.compatibility_date, kv_namespaces: built.kv_namespaces }));
  return path;
}

export async function startShop(options: ShopOptions = {}): Promise<TestShop> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const syncSecret = randomBytes(18).toString('base64url');
  // Both sides share it, as `npm start` arranges: the storefront signs the visitor's IP for the backend.
  const proxySecret = randomBytes(32).toString('base64url');
  const pgliteDir = join(dir, 'pglite');
  if (options.products !== undefined) seedCatalog(pgliteDir, options.products);
  else await cp(inject('seededPglite'), pgliteDir, { recursive: true });
  let backendPort = await freePort();
  const faults = await startFaultProxy(() => `http://127.0.0.1:${backendPort}`);
  const vars = {
    BACKEND_API_URL: faults.url,
    SYNC_SECRET: syncSecret,
    STOREFRONT_PROXY_SECRET: proxySecret,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ...options.vars,
  };
  // A port found free can be taken before the child binds it (by a test file running alongside, or
  // by this shop's own workerd starting at the same time): another port then.
  const inUse = (error: unknown) => /already in use/i.test(String(error));
  const launchBackend = async (): Promise<Child> => {
    const env = { PGLITE_DIR: pgliteDir, JWT_SECRET: randomBytes(32).toString('base64url'), SYNC_SECRET: syncSecret, STOREFRONT_PROXY_SECRET: proxySecret, ...TEST_ADMIN, ...options.backendEnv };
    for (let attempt = 1; ; attempt++) {
      try {
        return await startBackend({ port: backendPort, env });
      } catch (error) {
        if (attempt === 3 || !inUse(error)) throw error;
        backendPort = await freePort();
      }
    }
  };
  const launch = async (extraVars: Record<string, string> = {}, port?: number): Promise<Child> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const onPort = attempt === 1 && port !== undefined ? port : await freePort();
        return await startStorefront({ port: onPort, persistTo: join(dir, 'wrangler'), vars: { ...vars, ...extraVars } });
      } catch (error) {
        if (attempt === 3 || !inUse(error)) throw error;
      }
    }
  };
  // Neither needs the other to start (the storefront reaches the backend only when asked to sync or proxy).
  const started = await Promise.allSettled([launchBackend(), launch()]);
  const [backend, storefront] = started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined));
  if (!backend || !storefront) {
    await Promise.allSettled([backend?.stop(), storefront?.stop(), faults.close()]);
    throw started.find((outcome) => outcome.status === 'rejected')!.reason;
  }
  const proxy = await getPlatformProxy<{ CONTENT: KVNamespace }>({
    configPath: await kvOnlyConfig(dir),
    persist: { path: join(dir, 'wrangler/v3') },
    remoteBindings: false,
    envFiles: [],
  });
  const shop: TestShop = {
    backend,
    storefront,
    faults,
    syncSecret,
    kv: proxy.env.CONTENT,
    manage: (path, body = {}) =>
      fetch(`${shop.storefront.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${syncSecret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async restartStorefront(extraVars, options = {}) {
      const port = options.samePort ? Number(new URL(shop.storefront.url).port) : undefined;
      await shop.storefront.stop();
      shop.storefront = await launch(extraVars, port);
    },
    async stop() {
      await proxy.dispose();
      await Promise.allSettled([shop.storefront.stop(), backend.stop(), faults.close()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
  return shop;
}
