/**
 * The Workers Cache API's `caches.default`. Astro's type check sees the DOM lib's CacheStorage,
 * which lacks `default`, so it is reached through a runtime check instead of a cast.
 */
export function defaultCache(): Cache {
  if ('default' in caches && caches.default instanceof Cache) return caches.default;
  throw new Error('caches.default is not available: this code needs the Workers runtime.');
}
