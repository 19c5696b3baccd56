import { describe, expect, it } from 'vitest';
import type { StoreConfig } from '../content/schemas.ts';
import { categoryMeta, cmsMeta, documentTitle, markdownHref, productMeta, truncate } from './seo.ts';

const config = { storeName: 'Demo', description: 'Nice things' } as StoreConfig;

describe('seo helpers', () => {
  it('builds markdown alternates', () => {
    expect(markdownHref('/')).toBe('/index.md');
    expect(markdownHref('/women/tops')).toBe('/women/tops.md');
    expect(markdownHref('/women/tops/')).toBe('/women/tops.md');
  });
  it('titles pages with the store name', () => {
    expect(documentTitle('Tops', 'Demo')).toBe('Tops · Demo');
    expect(documentTitle('', 'Demo')).toBe('Demo');
    expect(documentTitle(null, 'Demo')).toBe('Demo');
  });
  it('truncates at a word boundary', () => {
    expect(truncate('short  text\n')).toBe('short text');
    const long = truncate('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
  it('describes pages', () => {
    const category = { name: 'Tops' } as Parameters<typeof categoryMeta>[0];
    expect(categoryMeta(category, 1, 1, config)).toEqual({ title: 'Tops', description: 'Shop Tops at Demo: 1 product.' });
    expect(categoryMeta(category, 30, 2, config).title).toBe('Tops (page 2)');
    expect(productMeta({ name: 'Tee', sku: 'T1' }, '$5.00', config).description).toBe('Tee (SKU T1) for $5.00 at Demo.');
    expect(productMeta({ name: 'Tee', sku: 'T1' }, null, config).description).toBe('Tee (SKU T1) at Demo.');
    expect(productMeta({ name: 'Tee', sku: 'T1', metaTitle: ' Soft tee ', metaDescription: 'Organic cotton.' }, '$5.00', config)).toEqual({ title: 'Soft tee', description: 'Organic cotton.' });
    expect(productMeta({ name: 'Tee', sku: 'T1', metaTitle: '', metaDescription: ' ' }, null, config)).toEqual({ title: 'Tee', description: 'Tee (SKU T1) at Demo.' });
    const page = { title: 'About', metaTitle: '', metaDescription: 'Who we are' } as Parameters<typeof cmsMeta>[0];
    expect(cmsMeta(page, config)).toEqual({ title: 'About', description: 'Who we are' });
  });
});
