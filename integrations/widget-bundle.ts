/**
 * Builds the embeddable widget (`widget/`) into `/embed.js` as part of the storefront build. It is
 * a separate bundle for other sites, so it gets its own Vite build: one self-contained IIFE, no
 * chunks, minified. vite-plugin-solid is the Solid compiler the storefront's islands already use
 * (through @astrojs/solid-js), so the widget's JSX compiles the same way with no second toolchain.
 * The file is written before `asset-hash` runs (it is listed first), so ASSET_HASH covers it.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import solid from 'vite-plugin-solid';

export const WIDGET_ENTRY = fileURLToPath(new URL('../widget/src/index.ts', import.meta.url));
export const WIDGET_FILE = 'embed.js';

/** Writes `embed.js` into `outDir`. */
export async function buildWidget(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    // Solid's production build whatever NODE_ENV the caller runs with (Astro's build may leave it
    // "development", which would pick Solid's dev runtime: bigger, and noisy on the host's console).
    resolve: { conditions: ['browser', 'production'] },
    plugins: [solid({ dev: false })],
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry: WIDGET_ENTRY, formats: ['iife'], name: 'ShopEmbedBundle', fileName: () => WIDGET_FILE },
    },
  });
}

export default function widgetBundle(): AstroIntegration {
  return {
    name: 'widget-bundle',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        await buildWidget(fileURLToPath(dir));
        logger.info(`built /${WIDGET_FILE}`);
      },
    },
  };
}
