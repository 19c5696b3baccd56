/**
 * Computes ASSET_HASH at build time: a digest of every file the build emitted (client assets and
 * server chunks), written into the generated dist/server/wrangler.json as a var. Combined with
 * `pulse` it forms the edge-cache version tag, so a new build makes every cached page unreachable.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const GENERATED_CONFIG = 'server/wrangler.json';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Digest of file paths and contents, in a stable order; the generated config itself excluded. */
export async function hashBuildOutput(outDir: string): Promise<string> {
  const files = (await listFiles(outDir))
    .filter((file) => relative(outDir, file) !== GENERATED_CONFIG && !file.endsWith('.map'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(outDir, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

export default function assetHash(): AstroIntegration {
  return {
    name: 'asset-hash',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(new URL('../', dir));
        const configPath = join(outDir, GENERATED_CONFIG);
        const hash = await hashBuildOutput(outDir);
        const config = JSON.parse(await readFile(configPath, 'utf8')) as { vars?: Record<string, unknown> };
        config.vars = { ...config.vars, ASSET_HASH: hash };
        await writeFile(configPath, JSON.stringify(config));
        logger.info(`ASSET_HASH=${hash}`);
      },
    },
  };
}
