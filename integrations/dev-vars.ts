/**
 * Copies the local `.dev.vars` (written by `npm start`) next to the generated worker config, where
 * `wrangler dev -c dist/server/wrangler.json` looks for it, so running the built worker by hand
 * gets the same local secrets. Nothing happens when the file does not exist (CI, deploys).
 */
import { copyFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function devVars(): AstroIntegration {
  return {
    name: 'dev-vars',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const source = fileURLToPath(new URL('../.dev.vars', import.meta.url));
        if (existsSync(source)) await copyFile(source, fileURLToPath(new URL('../server/.dev.vars', dir)));
      },
    },
  };
}
