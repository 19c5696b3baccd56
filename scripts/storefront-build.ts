/**
 * `npm run storefront:build -- [--deploy] [--install] [--css-only] [--js-only]`: the backend CLI
 * command `storefront:build` of SPEC.md for this repository.
 *
 * - `--install` runs `npm install` first.
 * - The build is `astro build`, which also computes ASSET_HASH over the output.
 * - `--css-only` / `--js-only` are accepted but build everything: Astro (Vite) bundles styles and
 *   scripts in one pass and ASSET_HASH covers both, so a half build would ship a worker whose cache
 *   version does not match its assets. The script says so instead of pretending.
 * - `--deploy` builds, runs `wrangler deploy -c dist/server/wrangler.json`, then purges: the worker's
 *   edge cache (POST {STOREFRONT_URL}/cache/purge with SYNC_SECRET) and, when CLOUDFLARE_ZONE_ID is
 *   set, the zone through the Cloudflare API (purge by URL). Credentials come from the environment
 *   (and `.env`); missing ones stop the script before anything is built.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pathTag, purgeTagBodies } from '../contracts/cache-tags.ts';
import { QUIET_ENV, ROOT, buildStorefront } from './lib/processes.ts';

export interface BuildPlan {
  install: boolean;
  deploy: boolean;
  /** Set when --css-only or --js-only asked for a part Astro cannot build alone. */
  partialRequested?: 'css' | 'js';
}

export class UsageError extends Error {}

const usage = 'Usage: npm run storefront:build -- [--deploy] [--install] [--css-only] [--js-only]';

export function parseBuildArgs(args: string[]): BuildPlan {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: { deploy: { type: 'boolean' }, install: { type: 'boolean' }, 'css-only': { type: 'boolean' }, 'js-only': { type: 'boolean' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const { values } = parsed;
  if (values.help) throw new UsageError(usage);
  if (values['css-only'] && values['js-only']) throw new UsageError(`--css-only and --js-only exclude each other.\n${usage}`);
  const partialRequested = values['css-only'] ? 'css' : values['js-only'] ? 'js' : undefined;
  return { install: values.install ?? false, deploy: values.deploy ?? false, ...(partialRequested ? { partialRequested } : {}) };
}

/** The paths purged after a deploy: pages whose content depends on the build, not only on KV. */
export const purgedAfterDeploy = ['/', '/robots.txt', '/sitemap.xml', '/llms.txt'];

export interface DeployTarget {
  storefrontUrl: string;
  syncSecret: string;
  cloudflare: { accountId: string; headers: Record<string, string>; zoneId?: string; apiBase: string };
}

/** Everything a deploy needs, from the environment; every missing variable is named at once. */
export function deployTarget(env: Record<string, string | undefined>): DeployTarget {
  const { CLOUDFLARE_ACCOUNT_ID: accountId, CLOUDFLARE_API_TOKEN: token, CLOUDFLARE_API_KEY: key, CLOUDFLARE_EMAIL: email, STOREFRONT_URL: storefrontUrl, SYNC_SECRET: syncSecret } = env;
  const headers: Record<string, string> | undefined = token ? { authorization: `Bearer ${token}` } : key && email ? { 'x-auth-email': email, 'x-auth-key': key } : undefined;
  if (!accountId || !headers || !storefrontUrl || !syncSecret) {
    const missing = [
      accountId ? '' : 'CLOUDFLARE_ACCOUNT_ID',
      headers ? '' : 'CLOUDFLARE_API_TOKEN (or CLOUDFLARE_API_KEY with CLOUDFLARE_EMAIL)',
      storefrontUrl ? '' : 'STOREFRONT_URL (the deployed worker, for the cache purge)',
      syncSecret ? '' : 'SYNC_SECRET',
    ].filter(Boolean);
    throw new UsageError(`--deploy needs these variables (environment or .env):\n${missing.map((name) => `  - ${name}`).join('\n')}`);
  }
  return {
    storefrontUrl: storefrontUrl.replace(/\/+$/, ''),
    syncSecret,
    cloudflare: {
      accountId,
      headers,
      zoneId: env.CLOUDFLARE_ZONE_ID || undefined,
      apiBase: (env.CLOUDFLARE_API_BASE || 'https://api.cloudflare.com/client/v4').replace(/\/+$/, ''),
    },
  };
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

/** After a deploy: the worker's edge cache, then the zone (every data centre) when CLOUDFLARE_ZONE_ID is set. */
export async function purgeAfterDeploy(target: DeployTarget): Promise<void> {
  await post(`${target.storefrontUrl}/cache/purge`, { urls: purgedAfterDeploy }, { authorization: `Bearer ${target.syncSecret}` });
  console.log(`purged ${purgedAfterDeploy.length} paths from the worker's edge cache`);
  const { zoneId, apiBase, headers } = target.cloudflare;
  if (!zoneId) {
    console.log('CLOUDFLARE_ZONE_ID not set: no zone purge');
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
  const target = plan.deploy ? deployTarget(env) : undefined;
  if (plan.partialRequested) {
    console.log(`--${plan.partialRequested}-only: Astro builds styles and scripts in one pass and ASSET_HASH covers both, so the whole storefront is built.`);
  }
  if (plan.install) await run('npm', ['install']);
  await buildStorefront(true);
  console.log('built dist/ (worker: dist/server/wrangler.json)');
  if (!target) return;
  const wrangler = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin/wrangler.js');
  await run(process.execPath, [wrangler, 'deploy', '-c', 'dist/server/wrangler.json'], { CLOUDFLARE_ACCOUNT_ID: target.cloudflare.accountId });
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
