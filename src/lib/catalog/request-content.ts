/**
 * KV reads of the pages that need only the shell and the countries (personal pages, search),
 * for the store of the request's host.
 */
import { env } from 'cloudflare:workers';
import { storeForUrl } from '../config.ts';
import { contentStore } from '../content/content-store.ts';
import type { StoreConfig } from '../content/schemas.ts';
import { allowedCountries, type CheckoutCountries } from './countries.ts';
import { loadShell, type Shell } from './page-data.ts';

export function shellForRequest(url: URL): Promise<Shell | null> {
  return loadShell(contentStore(env.CONTENT, storeForUrl(url)));
}

export async function countriesForRequest(url: URL, config: StoreConfig | undefined): Promise<CheckoutCountries> {
  return allowedCountries(await contentStore(env.CONTENT, storeForUrl(url)).countries(), config);
}
