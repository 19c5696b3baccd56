import { describe, expect, it } from 'vitest';
import { createApi } from './api.ts';
import type { WidgetProduct } from './types.ts';

const options = { store: 'https://shop.example.test', storeCode: 'au', currency: '' };
const config = { currency: 'AUD', defaultCountry: 'AU', paymentProvider: 'test', paymentPublishableKey: '', mapsKey: null, detectedCountry: '' };
const record = (sku: string) => ({ sku, name: `Name ${sku}` }) as WidgetProduct;

/** A store that knows every SKU but "UNKNOWN", recording the URLs asked. */
function fakeStore(status = 200) {
  const asked: URL[] = [];
  const fetcher = async (input: string | URL | Request) => {
    const url = new URL(String(input));
    asked.push(url);
    const products = url.searchParams.getAll('skus[]').filter((sku) => sku !== 'UNKNOWN').map(record);
    return Response.json(status === 200 ? { products, config } : { error: 'x', message: 'x' }, { status });
  };
  return { asked, fetcher: fetcher as typeof fetch };
}

describe('createApi', () => {
  it('asks for the SKUs of one task together, 20 to a request, each SKU once', async () => {
    const store = fakeStore();
    const api = createApi(options, store.fetcher);
    const skus = Array.from({ length: 25 }, (_, index) => `S${index}`);
    const found = await Promise.all([...skus, 'S0', 'UNKNOWN'].map((sku) => api.product(sku)));
    expect(store.asked.map((url) => url.searchParams.getAll('skus[]').length)).toEqual([20, 6]);
    expect(store.asked.every((url) => url.pathname === '/embed/products' && url.searchParams.get('store') === 'au')).toBe(true);
    expect(found.slice(0, 26).map((product) => product?.sku)).toEqual([...skus, 'S0']);
    expect(found[26]).toBeNull();
    expect(api.config()).toEqual(config);

    expect(await api.product('S3')).toMatchObject({ sku: 'S3' });
    expect(store.asked).toHaveLength(2);
  });

  it('reads a failed request as products not found', async () => {
    const store = fakeStore(400);
    const api = createApi(options, store.fetcher);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await api.product('S1')).toBeNull();
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(api.config()).toBeNull();
  });
});
