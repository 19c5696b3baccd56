/**
 * `npm run storefront:build -- [--deploy [--dry-run]] [--install] [--skip-build] [--built dir]`: the backend CLI
 * command `storefront:build` of SPEC.md for this repository.
 *
 * - `--install` runs `npm install` first.
 * - The build is `astro build`, which also computes ASSET_HASH over the output.
 * - `--css-only` / `--js-only` are refused (PARTIAL_BUILD_REFUSED says why; README "Deploying").
 * - `--deploy` builds, runs `wrangler deploy`, then purges: the worker's edge cache (POST
 *   {STOREFRONT_URL}/cache/purge with SYNC_SECRET) and, when a zone is known, the zone through the
 *   Cloudflare API (purge by URL). With BACKEND_ADMIN_TOKEN (and BACKEND_API_URL) it first reads the
 *   backend's storefront connector configuration through the admin API: its Account ID, KV
 *   Namespace ID, Zone ID and Storefront URL are used where the environment does not set them, and
 *   the KV namespace is written into the deployed configuration (wrangler.deploy.json beside the
 *   built one). Credentials come from the environment (and `.env`); missing ones stop the script
 *   before anything is built.
 * - `--dry-run` (with `--deploy`) shows the account, the namespace and where each came from, and runs
 *   `wrangler deploy --dry-run` on the deployed configuration: nothing is uploaded or purged.
 * - `--skip-build` deploys what `--built` (default dist/server) holds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pathTag, purgeTagBodies } from '../contracts/cache-tags.ts';
import { readConnectorSettings, type ConnectorSettings } from './lib/connector-settings.ts';
import { QUIET_ENV, ROOT, buildStorefront } from './lib/processes.ts';

export interface BuildPlan {
  install: boolean;
  deploy: boolean;
  dryRun: boolean;
  skipBuild: boolean;
  /** The directory of the built worker's wrangler.json. */
  built: string;
}

export class UsageError extends Error {}

const usage = 'Usage: npm run storefront:build -- [--deploy [--dry-run]] [--install] [--skip-build] [--built dir]';

/**
 * Why there is no partial build. Astro (Vite) bundles styles and scripts in one pass over the pages
 * that import them, and ASSET_HASH, the edge cache's version tag, is a hash of all the built assets:
 * a build of only one kind would either ship a worker whose version tag does not match its assets
 * (pages cached under the old tag naming files that are gone) or rebuild everything anyway.
 */
export const PARTIAL_BUILD_REFUSED =
  'has no partial form here: Astro builds styles and scripts in one pass, and ASSET_HASH (the edge cache version) covers both, ' +
  'so a half build would ship pages naming assets that are not deployed. Run `npm run storefront:build` (the whole build takes under a minute).';

export function parseBuildArgs(args: string[]): BuildPlan {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        deploy: { type: 'boolean' },
        install: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'skip-build': { type: 'boolean' },
        built: { type: 'string' },
        'css-only': { type: 'boolean' },
        'js-only': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const { values } = parsed;
  if (values.help) throw new UsageError(usage);
  for (const flag of ['css-only', 'js-only'] as const) {
    if (values[flag]) throw new UsageError(`--${flag} ${PARTIAL_BUILD_REFUSED}`);
  }
  if (values['dry-run'] && !values.deploy) throw new UsageError(`--dry-run goes with --deploy.\n${usage}`);
  return {
    install: values.install ?? false,
    deploy: values.deploy ?? false,
    dryRun: values['dry-run'] ?? false,
    skipBuild: values['skip-build'] ?? false,
    built: values.built ?? join(ROOT, 'dist/server'),
  };
}

/** The paths purged after a deploy: pages whose content depends on the build, not only on KV. */
export const purgedAfterDeploy = ['/', '/robots.txt', '/sitemap.xml', '/llms.txt'];

/** Where a deploy setting came from, shown by the dry run. */
export type Source = 'environment' | 'backend connector';

export interface DeployTarget {
  storefrontUrl: string;
  syncSecret: string;
  cloudflare: { accountId: string; headers: Record<string, string>; zoneId?: string; apiBase: string };
  /** The KV namespace bound as CONTENT; absent: the one in the built configuration. */
  kvNamespaceId?: string;
  sources: { accountId: Source; kvNamespaceId?: Source; zoneId?: Source; storefrontUrl: Source };
}

/** The environment's value, else the connector's, with where it came from. */
function pick(fromEnv: string | undefined, fromConnector: string | undefined): { value?: string; source?: Source } {
  if (fromEnv) return { value: fromEnv, source: 'environment' };
  if (fromConnector) return { value: fromConnector, source: 'backend connector' };
  return {};
}

/**
 * Everything a deploy needs, from the environment over the backend connector's settings (when read);
 * every missing value is named at once. The environment wins, so a CI job can override the saved ids.
 */
export function deployTarget(env: Record<string, string | undefined>, connector: ConnectorSettings = {}): DeployTarget {
  const { CLOUDFLARE_API_TOKEN: token, CLOUDFLARE_API_KEY: key, CLOUDFLARE_EMAIL: email, SYNC_SECRET: syncSecret } = env;
  const account = pick(env.CLOUDFLARE_ACCOUNT_ID, connector.accountId);
  const storefront = pick(env.STOREFRONT_URL, connector.storefrontUrl);
  const namespace = pick(env.CLOUDFLARE_KV_NAMESPACE_ID, connector.kvNamespaceId);
  const zone = pick(env.CLOUDFLARE_ZONE_ID, connector.zoneId);
  const headers: Record<string, string> | undefined = token ? { authorization: `Bearer ${token}` } : key && email ? { 'x-auth-email': email, 'x-auth-key': key } : undefined;
  if (!account.value || !headers || !storefront.value || !syncSecret) {
    const missing = [
      account.value ? '' : 'CLOUDFLARE_ACCOUNT_ID (or the connector\'s Account ID, read with BACKEND_ADMIN_TOKEN)',
      headers ? '' : 'CLOUDFLARE_API_TOKEN (or CLOUDFLARE_API_KEY with CLOUDFLARE_EMAIL)',
      storefront.value ? '' : 'STOREFRONT_URL (the deployed worker, for the cache purge; or the connector\'s Storefront URL)',
      syncSecret ? '' : 'SYNC_SECRET',
    ].filter(Boolean);
    throw new UsageError(`--deploy needs these variables (environment or .env):\n${missing.map((name) => `  - ${name}`).join('\n')}`);
  }
  return {
    storefrontUrl: storefront.value.replace(/\/+$/, ''),
    syncSecret,
    cloudflare: {
      accountId: account.value,
      headers,
      zoneId: zone.value,
      apiBase: (env.CLOUDFLARE_API_BASE || 'https://api.cloudflare.com/client/v4').replace(/\/+$/, ''),
    },
    kvNamespaceId: namespace.value,
    sources: { accountId: account.source!, storefrontUrl: storefront.source!, kvNamespaceId: namespace.source, zoneId: zone.source },
  };
}

/** The connector's settings when the deploy may read them (an admin token), else none. */
async function connectorSettings(env: Record<string, string | undefined>): Promise<ConnectorSettings> {
  if (!env.BACKEND_ADMIN_TOKEN) return {};
  const backend = env.BACKEND_API_URL || 'http://127.0.0.1:8080';
  return readConnectorSettings(backend, env.BACKEND_ADMIN_TOKEN);
}

/** The placeholder wrangler.toml ships with: a deploy must name a real namespace. */
const PLACEHOLDER_NAMESPACE = 'REPLACE_WITH_KV_NAMESPACE_ID';

interface BuiltConfig {
  kv_namespaces?: Array<{ binding: string; id?: string }>;
  vars?: Record<string, string>;
}

/**
 * DECISIONS.md 54: without PUBLIC_ORIGIN and with no public host in STORES, agent documents and
 * absolute URLs are built on whatever host each request came to. It works (a Worker sees only hosts
 * routed to it), but a merchant with a custom domain and a workers.dev route would publish both.
 */
export function originWarning(vars: Record<string, string> = {}): string | null {
  if (vars.PUBLIC_ORIGIN) return null;
  let hosts: string[] = [];
  try {
    hosts = Object.keys(JSON.parse(vars.STORES || '{}') as Record<string, unknown>);
  } catch {
    // The worker refuses such a STORES itself, with its own message.
  }
  const local = (host: string) => /^(localhost|[^:]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(host);
  if (hosts.some((host) => !local(host))) return null;
  return 'warning: neither PUBLIC_ORIGIN nor STORES names a public host: robots.txt, the sitemap, llms.txt and the other agent documents will use each request\'s own origin. Set PUBLIC_ORIGIN (wrangler.toml [vars]) to publish one canonical origin.';
}

/**
 * The built configuration with the deploy's KV namespace bound as CONTENT, written beside it (its
 * relative paths stay valid) as wrangler.deploy.json; the built one stays as built.
 */
export async function writeDeployConfig(built: string, kvNamespaceId: string | undefined): Promise<{ path: string; namespace: string; vars: Record<string, string> }> {
  const config = JSON.parse(await readFile(join(built, 'wrangler.json'), 'utf8')) as BuiltConfig;
  const content = config.kv_namespaces?.find((namespace) => namespace.binding === 'CONTENT');
  if (!content) throw new UsageError(`${join(built, 'wrangler.json')} binds no CONTENT namespace.`);
  if (kvNamespaceId) content.id = kvNamespaceId;
  if (!content.id || content.id === PLACEHOLDER_NAMESPACE) {
    throw new UsageError(
      'No KV namespace to deploy with: set KV Namespace ID in the backend\'s storefront connector (read with BACKEND_ADMIN_TOKEN), or CLOUDFLARE_KV_NAMESPACE_ID, or the id in wrangler.toml.',
    );
  }
  const path = join(built, 'wrangler.deploy.json');
  await writeFile(path, JSON.stringify(config));
  return { path, namespace: content.id, vars: config.vars ?? {} };
}

async function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...QUIET_ENV, ...env }, stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${code})`);
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
}

/** After a deploy: the worker's edge cache, then the zone (every data centre) when a zone id is known. */
export async function purgeAfterDeploy(target: DeployTarget): Promise<void> {
  await post(`${target.storefrontUrl}/cache/purge`, { urls: purgedAfterDeploy }, { authorization: `Bearer ${target.syncSecret}` });
  console.log(`purged ${purgedAfterDeploy.length} paths from the worker's edge cache`);
  const { zoneId, apiBase, headers } = target.cloudflare;
  if (!zoneId) {
    console.log('no zone id (CLOUDFLARE_ZONE_ID or the connector\'s Zone ID): no zone purge');
    return;
  }
  // By the tag every edge copy of a path carries (DECISIONS.md 53): the worker keys its copies under
  // paths of its own, so purging the page URLs would remove none of them.
  for (const body of purgeTagBodies(await Promise.all(purgedAfterDeploy.map((path) => pathTag(path))))) {
    await post(`${apiBase}/zones/${encodeURIComponent(zoneId)}/purge_cache`, body, headers);
  }
  console.log(`purged ${purgedAfterDeploy.length} paths' tags in zone ${zoneId}`);
}

export async function main(args: string[], env: Record<string, string | undefined> = process.env): Promise<void> {
  const plan = parseBuildArgs(args);
  // Checked before the (long) build, so a deploy without credentials fails at once.
  const target = plan.deploy ? deployTarget(env, await connectorSettings(env)) : undefined;
  if (plan.install) await run('npm', ['install']);
  if (!plan.skipBuild) {
    await buildStorefront(true);
    console.log('built dist/ (worker: dist/server/wrangler.json)');
  }
  if (!target) return;
  const deploy = await writeDeployConfig(plan.built, target.kvNamespaceId);
  const warning = originWarning(deploy.vars);
  if (warning) console.warn(warning);
  console.log(`account: ${target.cloudflare.accountId} (${target.sources.accountId})`);
  console.log(`KV namespace (CONTENT): ${deploy.namespace} (${target.sources.kvNamespaceId ?? 'wrangler.toml'})`);
  console.log(`zone: ${target.cloudflare.zoneId ? `${target.cloudflare.zoneId} (${target.sources.zoneId})` : 'none (no zone purge)'}`);
  console.log(`storefront: ${target.storefrontUrl} (${target.sources.storefrontUrl})`);
  const wrangler = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin/wrangler.js');
  const deployEnv = { CLOUDFLARE_ACCOUNT_ID: target.cloudflare.accountId };
  if (plan.dryRun) {
    // wrangler bundles and names the bindings, uploads nothing; its bundle goes to a directory of its
    // own (inside the built one, wrangler would take it for part of the worker's modules).
    const outdir = await mkdtemp(join(tmpdir(), 'storefront-dry-run-'));
    const result = spawnSync(process.execPath, [wrangler, 'deploy', '--dry-run', '-c', deploy.path, '--outdir', outdir], { cwd: ROOT, env: { ...process.env, ...QUIET_ENV, ...deployEnv }, encoding: 'utf8' });
    await rm(outdir, { recursive: true, force: true });
    process.stdout.write(result.stdout);
    if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed (exit ${result.status}): ${result.stderr}`);
    console.log(`dry run: nothing deployed; would purge ${purgedAfterDeploy.join(', ')}`);
    return;
  }
  await run(process.execPath, [wrangler, 'deploy', '-c', deploy.path], deployEnv);
  await purgeAfterDeploy(target);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}
