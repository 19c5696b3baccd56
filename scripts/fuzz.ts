/**
 * `npm run fuzz`: every case of the OpenAPI fuzzer (backend/test/fuzz) against a throw-away backend
 * (PGlite, demo catalog) over real HTTP, as no caller, a customer and the admin; prints a summary and
 * exits 1 on any 5xx the operation does not document, dropped connection, or 4xx or 5xx that is not
 * the JSON error shape.
 *   npm run fuzz [-- --url http://127.0.0.1:8080 --seed 123 --concurrency 4 --limit 2000]
 * `--url` fuzzes a running backend instead (its data will be damaged: admin calls delete things);
 * the demo accounts and the admin must exist there. FUZZ_SEED or --seed replays a run's order.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signInCallers } from '../backend/test/fuzz/callers.ts';
import { fuzzCases, type OpenApiDocument } from '../backend/test/fuzz/openapi-cases.ts';
import { orderForSending } from '../backend/test/fuzz/order.ts';
import { seededRandom, seedFromEnv } from '../backend/test/fuzz/prng.ts';
import { describeFailures, sendCases } from '../backend/test/fuzz/send-cases.ts';
import { freePort } from './lib/ports.ts';
import { startBackend, type Child } from './lib/processes.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    limit: { type: 'string' },
  },
});
const seed = values.seed !== undefined ? Number(values.seed) >>> 0 : seedFromEnv();
const admin = { email: 'fuzz-admin@example.com', password: 'Fuzz-Admin#2026' };
const shopper = { email: 'shopper@example.com', password: 'Shopper#2026' };

let backend: Child | undefined;
let dataDir: string | undefined;
try {
  let baseUrl = values.url;
  if (!baseUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'fuzz-'));
    console.log('Starting a throw-away backend (PGlite, demo catalog)…');
    backend = await startBackend({
      port: await freePort(),
      env: {
        PGLITE_DIR: join(dataDir, 'db'),
        JWT_SECRET: 'fuzz-secret-fuzz-secret-fuzz-secret-0123',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        STOREFRONT_PROXY_SECRET: 'fuzz-proxy-secret-fuzz-proxy-secret-0123',
      },
    });
    baseUrl = backend.url;
  }
  const document = (await (await fetch(`${baseUrl}/api/rest/v2/docs.json`)).json()) as OpenApiDocument;
  const tokens = await signInCallers(baseUrl, shopper, admin);
  const all = fuzzCases(document, seededRandom(seed));
  const cases = orderForSending(all, seed, values.limit === undefined ? undefined : Number(values.limit));
  const operations = new Set(all.map((c) => c.operation)).size;
  console.log(`Fuzzing ${operations} operations: ${cases.length} of ${all.length} cases, seed ${seed} (replay: npm run fuzz -- --seed ${seed})`);
  const summary = await sendCases(cases, {
    baseUrl,
    tokens,
    seed,
    concurrency: Number(values.concurrency),
    progress: (done, total, sofar) => process.stdout.write(`  ${done}/${total}, ${sofar.failures.length} failures so far\r`),
  });
  const statuses = Object.entries(summary.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const fivexx = Object.entries(summary.byStatus).reduce((sum, [status, count]) => sum + (Number(status) >= 500 ? count : 0), 0);
  console.log(`\nSent ${summary.sent} requests in ${summary.seconds.toFixed(0)} s (${summary.skipped} the HTTP client would not send). Statuses: ${statuses}`);
  console.log(`5xx: ${fivexx} (of which documented by the operation for the shop's state: ${summary.documented5xx}), dropped: ${summary.byStatus.dropped ?? 0}, failures: ${summary.failures.length} (seed ${seed})`);
  if (summary.failures.length > 0) {
    console.log(describeFailures(summary.failures, 80));
    process.exitCode = 1;
  }
} finally {
  await backend?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
