/**
 * KV reads of the pages that need only the shell and the countries (personal pages, search),
 * for the store of the request's host; and the catalog content of a request, which is the
 * signed-in customer's view when there is a session (signed-in-content.ts).
 */
import { env } from 'cloudflare:workers';
import { backendClient, storeForUrl } from '../config.ts';
import { contentStore, type ContentStore } from '../content/content-store.ts';
import { recoveringStore } from '../content/recovering-store.ts';
import type { StoreConfig } from '../content/schemas.ts';
import { sessionForRequest, type Session } from '../session/current-session.ts';
import { allowedCountries, type CheckoutCountries } from './countries.ts';
import { loadShell, type Shell } from './page-data.ts';
import { signedInContent } from './signed-in-content.ts';

export function shellForRequest(url: URL): Promise<Shell | null> {
  return loadShell(contentStore(env.CONTENT, storeForUrl(url)));
}

export async function countriesForRequest(url: URL, config: StoreConfig | undefined): Promise<CheckoutCountries> {
  return allowedCountries(await contentStore(env.CONTENT, storeForUrl(url)).countries(), config);
}

export interface RequestContent {
  content: ContentStore;
  /** The signed-in customer, or null for a guest (whose content is KV's guest view). */
  session: Session | null;
  /** After the render: whether a signed-in page fell back to the guest view (then keep no copy of it). */
  degraded: () => boolean;
}

/**
 * The guest view of the request's store: KV, with a missing page record recovered from the backend
 * when the sync's index names it (DECISIONS.md 52). `waitUntil` is the request's, for the write-back.
 */
export function guestContentForRequest(url: URL, waitUntil: (promise: Promise<unknown>) => void): ContentStore {
  return recoveringStore(contentStore(env.CONTENT, storeForUrl(url)), { kv: env.CONTENT, client: backendClient(), waitUntil });
}

/** What a catalog page of this request renders from: KV for a guest, the backend for a customer. */
export async function catalogContentForRequest(request: Request, url: URL, waitUntil: (promise: Promise<unknown>) => void): Promise<RequestContent> {
  const store = storeForUrl(url);
  const guest = guestContentForRequest(url, waitUntil);
  const session = await sessionForRequest(request);
  if (!session) return { content: guest, session, degraded: () => false };
  return { ...signedInContent(guest, { client: backendClient(), store, token: session.token }), session };
}
