import { describe, expect, it } from 'vitest';
import { readOptions } from './options.ts';

/** A script element as the browser gives it: `src` resolved, `dataset` from the data-* attributes. */
const script = (src: string, dataset: Record<string, string>) => ({ src, dataset });

describe('readOptions', () => {
  it('reads the attributes, the store origin defaulting to the script\'s own', () => {
    const options = readOptions(
      script('https://shop.example.test/embed.js', { storeCode: ' au ', currency: 'aud', accent: '#7C3AED', country: 'nz', mapsKey: 'key-1' }),
      'https://blog.example.org/post',
    );
    expect(options).toEqual({ store: 'https://shop.example.test', storeCode: 'au', currency: 'AUD', accent: '#7C3AED', country: 'NZ', mapsKey: 'key-1' });
  });

  it('ignores an accent that is no hex colour and a country that is no ISO code, which the config then decides', () => {
    const options = readOptions(script('https://cdn.example.net/embed.js', { store: 'https://shop.example.test/any/path', accent: 'red;}body{display:none', country: 'USA' }), 'https://blog.example.org/');
    expect([options.store, options.accent, options.country]).toEqual(['https://shop.example.test', '', '']);
  });
});
