/**
 * Builds the embeddable widget (`widget/`) as part of the storefront build. `/embed.js` stays the
 * one classic script a host page includes; it is a loader of a few hundred bytes that imports the
 * widget's main module from `/embed/`, and the main module imports the code a shopper may never
 * need (the inline checkout, the choices of bundles, grouped products, downloads and gift cards)
 * only on first use (issue 34). So the widget is an ES build with code splitting: an IIFE cannot
 * split, and lazily loaded code must share the main module's Solid runtime (a second copy would
 * not track the first one's signals), which ES imports between the chunks give for free.
 * Hashed names let a new deploy's chunks never mix with a cached old main module. All are served
 * with `/embed.js`'s headers (public/_headers: an hour's cache, `Access-Control-Allow-Origin: *`,
 * which cross-origin module scripts need).
 * vite-plugin-solid is the Solid compiler the storefront's islands already use (through
 * @astrojs/solid-js), so the widget's JSX compiles the same way with no second toolchain.
 * The files are written before `asset-hash` runs (it is listed first), so ASSET_HASH covers them.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Rollup } from 'vite';
import solid from 'vite-plugin-solid';

export const WIDGET_ENTRY = fileURLToPath(new URL('../widget/src/index.ts', import.meta.url));
export const WIDGET_FILE = 'embed.js';
/** Where the main module and the chunks live, under the store's origin. */
export const CHUNK_DIR = 'embed';

export interface WidgetFiles {
  /** `embed.js`, the loader. */
  loader: string;
  /** The main module the loader imports, relative to `outDir` (`embed/main-….js`). */
  main: string;
  /** The chunks loaded on first use, relative to `outDir`, by the name of their first module. */
  chunks: Array<{ file: string; name: string }>;
}

/**
 * The loader: reads its own script tag while it runs (the main module, being a module, has no
 * `document.currentScript`) and hands it over. The main module's URL is relative to the loader's,
 * so the store origin the host page named is the one everything comes from.
 */
const loaderSource = (main: string) =>
  `(()=>{var s=document.currentScript,t=s?{src:s.src,dataset:Object.assign({},s.dataset)}:null;` +
  `import(new URL(${JSON.stringify(main)},s&&s.src||location.href).href).then(function(m){m.start(t)},function(e){console.error("shop widget:",e)})})();\n`;

/** Writes `embed.js` and `embed/*.js` into `outDir`. */
export async function buildWidget(outDir: string): Promise<WidgetFiles> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    // Solid's production build whatever NODE_ENV the caller runs with (Astro's build may leave it
    // "development", which would pick Solid's dev runtime: bigger, and noisy on the host's console).
    resolve: { conditions: ['browser', 'production'] },
    plugins: [solid({ dev: false })],
    build: {
      outDir: join(outDir, CHUNK_DIR),
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      // Not Vite's library mode: that leaves ES output unminified and keeps the entry's exports
      // exactly, which puts the code the chunks share into a third file the loader would wait for.
      // "allow-extension" keeps `start` and lets the chunks import the shared code from main.
      modulePreload: false,
      rollupOptions: {
        input: WIDGET_ENTRY,
        preserveEntrySignatures: 'allow-extension',
        output: { format: 'es', entryFileNames: 'main-[hash].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output as Rollup.RollupOutput]).flatMap((result) => result.output).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('widget build: no entry chunk');
  await writeFile(join(outDir, WIDGET_FILE), loaderSource(`${CHUNK_DIR}/${entry.fileName}`));
  return {
    loader: WIDGET_FILE,
    main: `${CHUNK_DIR}/${entry.fileName}`,
    chunks: chunks.filter((chunk) => !chunk.isEntry).map((chunk) => ({ file: `${CHUNK_DIR}/${chunk.fileName}`, name: chunk.name })),
  };
}

export default function widgetBundle(): AstroIntegration {
  return {
    name: 'widget-bundle',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const files = await buildWidget(fileURLToPath(dir));
        logger.info(`built /${files.loader}, /${files.main} and ${files.chunks.length} chunks`);
      },
    },
  };
}
