/**
 * The widget's render figure for `npm run bench`: a host page on its own origin with 50
 * placeholders, in Chromium; the time from the browser starting to fetch `/embed.js` to the 50th
 * card showing its name (read in the page on each animation frame), and how many `/embed/products`
 * requests it took (SPEC.md: at most 20 SKUs each, so 3).
 */
import { launchChromium } from './chromium.ts';
import { serveHostPage } from './host-page.ts';

export interface WidgetRender {
  cards: number;
  /** From the script's request start to the last card rendered, in ms. */
  msToLastCard: number;
  productRequests: number;
}

export async function widgetRenderFigures(storefront: string, skus: string[]): Promise<WidgetRender> {
  const cards = skus.length;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench host</title></head><body>
${skus.map((sku) => `<div data-shop-product="${sku}"></div>`).join('\n')}
<script>
  window.lastCard = new Promise((resolve) => {
    const check = () => {
      const shown = [...document.querySelectorAll('shop-product-card')].filter((card) => card.shadowRoot?.querySelector('.name'));
      if (shown.length === ${cards}) resolve(performance.now());
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
</script>
<script src="${storefront}/embed.js" data-store="${storefront}"></script></body></html>`;
  const host = await serveHostPage(html);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    let productRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/embed/products') productRequests++;
    });
    await page.goto(`${host.origin}/`);
    const msToLastCard = await page.evaluate(async (script) => {
      const last = await (window as unknown as { lastCard: Promise<number> }).lastCard;
      const [entry] = performance.getEntriesByName(script);
      return Math.round(last - (entry?.startTime ?? 0));
    }, `${storefront}/embed.js`);
    return { cards, msToLastCard, productRequests };
  } finally {
    await browser.close();
    await host.close();
  }
}
