/**
 * Every network call of the widget (ARCHITECTURE.md widget rules). Products are asked for by SKU:
 * SKUs asked within the same task are gathered and fetched 20 to a request, and each SKU is fetched
 * once per page, however many placeholders name it.
 */
import { batches } from './batches.ts';
import type { EmbedOptions } from './options.ts';
import type { ProductsAnswer, WidgetConfig, WidgetProduct } from './types.ts';

export interface Api {
  /** The product with this SKU, or null when the store has none (or the request failed). */
  product(sku: string): Promise<WidgetProduct | null>;
  /** The config of the first answer (null until a request succeeded). */
  config(): WidgetConfig | null;
}

export function createApi(options: EmbedOptions, fetcher: typeof fetch = fetch): Api {
  const known = new Map<string, Promise<WidgetProduct | null>>();
  let waiting = new Map<string, (product: WidgetProduct | null) => void>();
  let config: WidgetConfig | null = null;

  async function request(skus: string[]): Promise<ProductsAnswer> {
    const url = new URL('/embed/products', options.store);
    for (const sku of skus) url.searchParams.append('skus[]', sku);
    if (options.storeCode) url.searchParams.set('store', options.storeCode);
    const response = await fetcher(url, { credentials: 'omit' });
    if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
    return (await response.json()) as ProductsAnswer;
  }

  async function flush(): Promise<void> {
    const asked = waiting;
    waiting = new Map();
    await Promise.all(
      batches([...asked.keys()]).map(async (skus) => {
        const answer = await request(skus).catch((error: unknown) => {
          // The placeholders of a failed batch hide like unknown SKUs; the host's console says why.
          console.error('shop widget:', error);
          return null;
        });
        if (answer) config ??= answer.config;
        const bySku = new Map((answer?.products ?? []).map((product) => [product.sku, product]));
        for (const sku of skus) asked.get(sku)?.(bySku.get(sku) ?? null);
      }),
    );
  }

  return {
    product(sku) {
      let found = known.get(sku);
      if (!found) {
        if (waiting.size === 0) setTimeout(flush, 0);
        found = new Promise((resolve) => waiting.set(sku, resolve));
        known.set(sku, found);
      }
      return found;
    },
    config: () => config,
  };
}
