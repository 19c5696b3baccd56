/**
 * The store's `/api/*` as the widget calls it from another origin (DECISIONS.md 23, 33): no
 * cookies, the cart named by `X-Cart-Token`, the store view by `X-Store-Code`. The cart token is
 * kept in the host page's localStorage under a key naming the store origin and store code, so two
 * stores embedded on one page keep two carts.
 */
import type { EmbedOptions } from './options.ts';

/** A failed call, with the backend's message (fit to show the shopper) and error code. */
export class StoreError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface StoreApi {
  /** Calls `/api{path}`; the JSON answer, or a StoreError. */
  call<T>(path: string, method?: string, body?: unknown, idempotencyKey?: string): Promise<T>;
  /** The localStorage key of the cart token (the `storage` event names it). */
  readonly tokenKey: string;
}

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (privacy settings): the cart lives as long as the page.
    return null;
  }
}

export function createStoreApi(options: EmbedOptions, fetcher: typeof fetch = (...args) => fetch(...args)): StoreApi {
  const tokenKey = `shop-embed:cart:${options.store}:${options.storeCode}`;
  let memory: string | null = null;
  const token = () => storage()?.getItem(tokenKey) ?? memory;

  async function call<T>(path: string, method = 'GET', body?: unknown, idempotencyKey?: string): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (options.storeCode) headers['X-Store-Code'] = options.storeCode;
    const current = token();
    if (current) headers['X-Cart-Token'] = current;
    let response: Response;
    try {
      response = await fetcher(`${options.store}/api${path}`, {
        method,
        headers,
        credentials: 'omit',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new StoreError('We could not reach the shop. Check your connection and try again.', 'network');
    }
    const issued = response.headers.get('X-Cart-Token');
    if (issued && issued !== current) {
      memory = issued;
      storage()?.setItem(tokenKey, issued);
    }
    const data = (await response.json().catch(() => null)) as { message?: unknown; error?: unknown } | null;
    if (!response.ok) {
      const message = typeof data?.message === 'string' ? data.message : `The shop answered HTTP ${response.status}. Please try again.`;
      throw new StoreError(message, typeof data?.error === 'string' ? data.error : `http_${response.status}`);
    }
    return data as T;
  }

  return { call, tokenKey };
}
