/**
 * Every KV key the storefront reads or writes is built here, from the table in SPEC.md
 * ("KV keys"). Nothing else concatenates key strings, so a key shape changes in one place.
 */

/** The store-view code of the backend's default store; its keys carry this prefix too. */
export const DEFAULT_STORE = 'default';

export const PULSE_KEY = 'pulse';

export const contentKeys = {
  config: (store: string) => `${store}:config`,
  categories: (store: string) => `${store}:categories`,
  product: (store: string, urlKey: string) => `${store}:product:${urlKey}`,
  productPrefix: (store: string) => `${store}:product:`,
  listingPage: (store: string, categoryId: number, page: number) =>
    `${store}:products:category:${categoryId}:page:${page}`,
  listingPrefix: (store: string) => `${store}:products:category:`,
  cms: (store: string, identifier: string) => `${store}:cms:${identifier}`,
  cmsPrefix: (store: string) => `${store}:cms:`,
  blog: (store: string, identifier: string) => `${store}:blog:${identifier}`,
  blogPrefix: (store: string) => `${store}:blog:`,
  countries: (store: string) => `${store}:countries`,
  pulse: () => PULSE_KEY,
} as const;

/** The part of a prefixed key after its prefix (e.g. the urlKey of a product key). */
export function keySuffix(key: string, prefix: string): string {
  return key.startsWith(prefix) ? key.slice(prefix.length) : key;
}
