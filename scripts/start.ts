/**
 * `npm start`: the whole shop on this machine. Generates `.env` on first start, builds the
 * storefront, starts the backend (embedded PostgreSQL, demo data on first start) and the
 * storefront in workerd, runs a full sync, and prints where everything is. Ctrl-C stops it all.
 */
import { join } from 'node:path';
import { ensureLocalEnv, writeDevVars } from './lib/local-env.ts';
import { ROOT, buildStorefront, startBackend, startStorefront, type Child } from './lib/processes.ts';

const { values: localEnv, created } = await ensureLocalEnv();
const setting = (name: string, fallback: string) => process.env[name] ?? localEnv[name] ?? fallback;
const backendPort = Number(setting('BACKEND_PORT', '8080'));
const storefrontPort = Number(setting('STOREFRONT_PORT', '8787'));
const backendUrl = `http://127.0.0.1:${backendPort}`;
const storefrontUrl = `http://127.0.0.1:${storefrontPort}`;

const children: Child[] = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.allSettled(children.map((child) => child.stop()));
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  if (created) console.log('Created .env with fresh secrets (first start).');
  // The backend gets the same secrets from .env (localEnv below).
  const workerVars = { BACKEND_API_URL: backendUrl, SYNC_SECRET: localEnv.SYNC_SECRET, STOREFRONT_PROXY_SECRET: localEnv.STOREFRONT_PROXY_SECRET, SESSION_SECRET: localEnv.SESSION_SECRET };
  await writeDevVars(workerVars);
  console.log('Building the storefront and starting the backend...');
  const [backend] = await Promise.all([
    startBackend({
      port: backendPort,
      // Links in emails: each store view's own storefront origin (wrangler.toml's STORES maps au.localhost to "au").
      env: { ...localEnv, STOREFRONT_URL: storefrontUrl, STOREFRONT_URLS: JSON.stringify({ au: `http://au.localhost:${storefrontPort}` }) },
      echo: true,
    }),
    buildStorefront(),
  ]);
  children.push(backend);
  children.push(
    // Agent commerce (DECISIONS.md 59) is on for the local shop: /mcp serves the UCP shopping tools.
    await startStorefront({ port: storefrontPort, persistTo: join(ROOT, '.wrangler/state'), vars: { ...workerVars, AGENT_COMMERCE: 'on' }, echo: true }),
  );

  console.log('Running the initial sync...');
  const sync = () => fetch(`${storefrontUrl}/sync`, { method: 'POST', headers: { Authorization: `Bearer ${localEnv.SYNC_SECRET}` } });
  let response = await sync();
  // The backend's connector may be syncing already (saves it was told about while starting): one
  // sync per store at a time (409 sync_in_progress), so wait for it and sync again.
  for (let waited = 0; response.status === 409 && waited < 60_000; waited += 500) {
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await sync();
  }
  const result = (await response.json()) as { synced?: Record<string, number>; duration?: string };
  if (!response.ok) throw new Error(`initial sync failed (HTTP ${response.status}): ${JSON.stringify(result)}`);

  console.log(`
  Storefront   ${storefrontUrl}   (second store view: http://au.localhost:${storefrontPort})
  Backend API  ${backendUrl}/api/rest/v2   docs: ${backendUrl}/api/rest/v2/docs
  Admin        ${backendUrl}/admin   ${localEnv.ADMIN_EMAIL} / ${localEnv.ADMIN_PASSWORD}
  Demo shopper shopper@example.com / Shopper#2026   (General)
  Demo trade   buyer@trade.example / Trade#2026     (Wholesale)
  Synced       ${JSON.stringify(result.synced)} in ${result.duration}

  Press Ctrl-C to stop.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
