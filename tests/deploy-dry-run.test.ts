/**
 * The built worker as Cloudflare would take it (README "Deploying to Cloudflare"): `wrangler deploy
 * --dry-run` bundles it from dist/server/wrangler.json without uploading, and names the bindings a
 * real deployment must have: the KV namespace, the sync coordinator's Durable Object, the assets.
 * Both run on a copy of dist/server: wrangler writes beside the configuration, and the storefronts of
 * the test files running alongside reload when files appear under the dist/server they serve.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { packageFile, QUIET_ENV, ROOT } from '../scripts/lib/processes.ts';

/** dist/server copied to a directory of its own, its assets still read from dist/client. */
async function builtCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'built-'));
  const server = join(dir, 'server');
  await cp(join(ROOT, 'dist/server'), server, { recursive: true, filter: (source) => !source.includes('.wrangler') });
  const config = JSON.parse(await readFile(join(server, 'wrangler.json'), 'utf8')) as { assets: { directory: string } };
  config.assets.directory = join(ROOT, 'dist/client');
  await writeFile(join(server, 'wrangler.json'), JSON.stringify(config));
  return dir;
}

it('bundles for deployment with the KV, Durable Object and assets bindings', async () => {
  const outdir = await builtCopy();
  try {
    const run = spawnSync(process.execPath, [packageFile('wrangler', 'bin/wrangler.js'), 'deploy', '--dry-run', '-c', join(outdir, 'server/wrangler.json'), '--outdir', join(outdir, 'out')], {
      cwd: ROOT,
      env: { ...process.env, ...QUIET_ENV },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/env\.SYNC \(SyncCoordinator\)\s+Durable Object/);
    expect(run.stdout).toMatch(/env\.CONTENT \(\S+\)\s+KV Namespace/);
    expect(run.stdout).toMatch(/env\.ASSETS\s+Assets/);
    expect(run.stdout).toContain('--dry-run: exiting now.');
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
});

it('plans a branch Preview (dry run): its own namespace, gate, secrets file, and a configuration wrangler accepts', async () => {
  const env = { ...process.env, ...QUIET_ENV, SYNC_SECRET: 'preview-sync-secret-0123456789', STOREFRONT_PROXY_SECRET: 'preview-proxy-secret-0123456789', BACKEND_API_URL: 'https://backend.example' };
  const outdir = await builtCopy();
  const built = join(outdir, 'server');
  const plan = spawnSync(process.execPath, ['scripts/preview.ts', '--branch', 'feature/Über_Checkout!!', '--dry-run', '--skip-build', '--built', built], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  expect(plan.status, plan.stderr).toBe(0);
  expect(plan.stdout).toContain('would run: wrangler kv namespace create edge-storefront-preview-feature-uber-checkout-');
  expect(plan.stdout).toMatch(/would run: wrangler preview --config \S+wrangler\.preview\.json --name feature-uber-checkout-[0-9a-f]{6} --secrets-file \S+secrets\.json --var BACKEND_API_URL:https:\/\/backend\.example/);
  expect(plan.stdout).toMatch(/PREVIEW_URL=https:\/\/feature-uber-checkout-[0-9a-f]{6}-edge-storefront\./);
  // The secrets never reach the output.
  expect(plan.stdout).not.toContain('preview-sync-secret');

  try {
    const run = spawnSync(process.execPath, [packageFile('wrangler', 'bin/wrangler.js'), 'deploy', '--dry-run', '-c', join(built, 'wrangler.preview.json'), '--outdir', join(outdir, 'out')], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/env\.CONTENT \(<new namespace id>\)\s+KV Namespace/);
    expect(run.stdout).toMatch(/env\.SYNC \(SyncCoordinator\)\s+Durable Object/);
    const deleting = spawnSync(process.execPath, ['scripts/preview.ts', '--branch', 'feature/Über_Checkout!!', '--delete', '--dry-run', '--built', built], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(deleting.stdout).toMatch(/would run: wrangler preview delete --config \S+ --name feature-uber-checkout-[0-9a-f]{6} --skip-confirmation/);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
});
