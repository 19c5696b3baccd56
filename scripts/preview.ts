/**
 * `npm run preview -- --branch <name> [--no-gate] [--delete] [--dry-run] [--skip-build] [--built dir]`: a Preview of
 * the storefront for a branch on Cloudflare (scripts/lib/preview-plan.ts says why Previews): built,
 * bound to a KV namespace of its own (created when missing), behind the password gate unless
 * `--no-gate`, synced from the backend, its URL printed (`PREVIEW_URL=…`, and the password).
 * `--delete` removes the branch's Preview and its namespace. `--dry-run` prints the plan (commands
 * and the generated configuration) and touches nothing: no account needed.
 *
 * Needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (wrangler reads them), BACKEND_API_URL (the
 * backend the Preview syncs from), SYNC_SECRET and STOREFRONT_PROXY_SECRET (the backend's values);
 * PREVIEW_PASSWORD optionally (else one is made). From the environment or `.env`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { namespaceTitle, previewConfig, previewName, previewSecrets, previewUrlOf, wranglerCommands } from './lib/preview-plan.ts';
import { buildStorefront, packageFile, QUIET_ENV, ROOT } from './lib/processes.ts';

const { values } = parseArgs({
  options: {
    branch: { type: 'string' },
    'no-gate': { type: 'boolean', default: false },
    delete: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    // Where the built worker is (its wrangler.json); the preview configuration is written beside it.
    built: { type: 'string', default: join(ROOT, 'dist/server') },
  },
});
if (!values.branch) throw new Error('Usage: npm run preview -- --branch <name> [--no-gate] [--delete] [--dry-run] [--skip-build]');

const dryRun = values['dry-run'];
const builtConfig = join(values.built, 'wrangler.json');
const previewConfigPath = join(values.built, 'wrangler.preview.json');

/** Runs wrangler (or, in a dry run, prints what would run and answers `dryAnswer`). */
function wrangler(args: string[], dryAnswer = ''): string {
  if (dryRun) {
    console.log(`would run: wrangler ${args.join(' ')}`);
    return dryAnswer;
  }
  const run = spawnSync(process.execPath, [packageFile('wrangler', 'bin/wrangler.js'), ...args], { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${run.stderr || run.stdout}`);
  return run.stdout;
}

/** The namespace's id, when it exists. */
function findNamespace(title: string): string | undefined {
  const listed = JSON.parse(wrangler(wranglerCommands.listNamespaces(), '[]')) as Array<{ id: string; title: string }>;
  return listed.find((namespace) => namespace.title === title)?.id;
}

if (!values['skip-build'] && !values.delete) {
  if (dryRun) console.log('would run: astro build');
  else await buildStorefront(true);
}
const built = JSON.parse(await readFile(builtConfig, 'utf8')) as Parameters<typeof previewConfig>[0];
const name = previewName(values.branch, built.name);
const title = namespaceTitle(built.name, name);

if (values.delete) {
  await writeFile(previewConfigPath, JSON.stringify(built));
  wrangler(wranglerCommands.delete(previewConfigPath, name));
  const id = findNamespace(title);
  if (id) wrangler(wranglerCommands.deleteNamespace(id));
  console.log(`Preview ${name} and its namespace ${title} ${dryRun ? 'would be' : 'are'} deleted.`);
} else {
  const backendUrl = process.env.BACKEND_API_URL;
  if (!backendUrl) throw new Error('Set BACKEND_API_URL: the backend the Preview syncs from.');
  const secrets = previewSecrets(process.env, !values['no-gate']);
  let namespaceId = findNamespace(title);
  if (!namespaceId) {
    wrangler(wranglerCommands.createNamespace(title));
    namespaceId = dryRun ? '<new namespace id>' : findNamespace(title);
    if (!namespaceId) throw new Error(`The namespace ${title} was not found after creating it.`);
  }
  const config = previewConfig(built, namespaceId);
  await writeFile(previewConfigPath, JSON.stringify(config, null, 2));
  if (dryRun) console.log(`generated ${previewConfigPath}:\n${JSON.stringify(config, null, 2)}`);

  // The secrets go to wrangler in a file of their own, removed as soon as the upload is done.
  const secretsDir = await mkdtemp(join(tmpdir(), 'preview-secrets-'));
  const secretsFile = join(secretsDir, 'secrets.json');
  let output: string;
  try {
    await writeFile(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
    output = wrangler(wranglerCommands.upload({ config: previewConfigPath, name, secretsFile, backendUrl }), `https://${name}-${built.name}.example.workers.dev`);
  } finally {
    await rm(secretsDir, { recursive: true, force: true });
  }
  const url = previewUrlOf(output);
  if (dryRun) console.log(`would run: POST ${url}/sync`);
  else {
    const synced = await fetch(`${url}/sync`, { method: 'POST', headers: { Authorization: `Bearer ${secrets.SYNC_SECRET}` } });
    if (!synced.ok) throw new Error(`The Preview's first sync answered ${synced.status}: ${await synced.text()}`);
  }
  console.log(`PREVIEW_URL=${url}`);
  if (secrets.PREVIEW_PASSWORD && !process.env.PREVIEW_PASSWORD && !dryRun) console.log(`PREVIEW_PASSWORD=${secrets.PREVIEW_PASSWORD}`);
}
