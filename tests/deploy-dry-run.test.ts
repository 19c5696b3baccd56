/**
 * The built worker as Cloudflare would take it (README "Deploying to Cloudflare"): `wrangler deploy
 * --dry-run` bundles it from dist/server/wrangler.json without uploading, and names the bindings a
 * real deployment must have: the KV namespace, the sync coordinator's Durable Object, the assets.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { packageFile, QUIET_ENV, ROOT } from '../scripts/lib/processes.ts';

it('bundles for deployment with the KV, Durable Object and assets bindings', async () => {
  const outdir = await mkdtemp(join(tmpdir(), 'dry-run-'));
  try {
    const run = spawnSync(process.execPath, [packageFile('wrangler', 'bin/wrangler.js'), 'deploy', '--dry-run', '-c', 'dist/server/wrangler.json', '--outdir', outdir], {
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
