/**
 * The widget's figures for issue 34 in `npm run bench`: the bytes of every file it is built into
 * (the `/embed.js` loader, the main module, each chunk loaded on first use), and the time from a
 * click on a bundle's card to an interactive lightbox: its options rendered (their chunk fetched
 * for the first time: each run is a fresh browser context with an empty cache) and "Add to cart"
 * enabled on the default choice. Timed in the page (performance.now() at the click's capture on the
 * document, then each animation frame), so the figure excludes the test driver's round trips.
 */
import { join } from 'node:path';
import type { WidgetFiles } from '../../integrations/widget-bundle.ts';
import { bundleSize, type BundleSize } from './bundle-size.ts';
import { launchChromium } from './chromium.ts';
import { serveHostPage } from './host-page.ts';

export interface WidgetFileSize extends BundleSize {
  file: string;
  /** Loaded with the page (the loader and the main module) or on first use. */
  firstLoad: boolean;
}

export async function widgetFileSizes(dir: string, files: WidgetFiles): Promise<WidgetFileSize[]> {
  const entries = [
    { file: files.loader, firstLoad: true },
    { file: files.main, firstLoad: true },
    ...files.chunks.map((chunk) => ({ file: chunk.file, firstLoad: false })),
  ];
  return Promise.all(entries.map(async (entry) => ({ ...entry, ...(await bundleSize(join(dir, entry.file))) })));
}

export interface BundleOpenFigure {
  sku: string;
  runs: number;
  /** Click to interactive, each run, in ms. */
  ms: number[];
  medianMs: number;
}

export async function bundleOpenFigure(storefront: string, sku: string, runs = 5): Promise<BundleOpenFigure> {
  const host = await serveHostPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench host</title></head><body>
<div data-shop-product="${sku}"></div>
<script>
  document.addEventListener('click', () => {
    const clicked = performance.now();
    window.interactive = new Promise((resolve) => {
      const check = () => {
        const dialog = document.querySelector('shop-lightbox')?.shadowRoot?.querySelector('[role="dialog"]');
        const add = [...(dialog?.querySelectorAll('button[type="submit"]') ?? [])].find((button) => button.textContent === 'Add to cart');
        if (dialog?.querySelector('fieldset, select') && add && !add.disabled) resolve(performance.now() - clicked);
        else requestAnimationFrame(check);
      };
      check();
    });
  }, { capture: true });
</script>
<script src="${storefront}/embed.js" data-store="${storefront}"></script></body></html>`);
  const browser = await launchChromium();
  const ms: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${host.origin}/`);
      await page.locator('shop-product-card .open').click();
      ms.push(Math.round(await page.evaluate(() => (window as unknown as { interactive: Promise<number> }).interactive)));
      await context.close();
    }
  } finally {
    await browser.close();
    await host.close();
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return { sku, runs, ms, medianMs: sorted[Math.floor(sorted.length / 2)]! };
}
