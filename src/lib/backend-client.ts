/**
 * The one seam between the storefront and the commerce backend's REST API v2.
 * Every response is validated with zod here; callers get typed records or a BackendError that
 * names the path and what went wrong, never a half-parsed object.
 */
import { z } from 'zod';
import { listOf, pageOf } from '../../contracts/collections.ts';
import { publicFormSchema, type PublicForm } from '../../contracts/custom-form.ts';
import { viewKeySchema } from '../../contracts/customer.ts';
import { customerOrderSchema, type CustomerOrder } from '../../contracts/order.ts';
import { toProductCard } from './catalog/listing.ts';
import {
  blogPostSchema,
  categoryTreeSchema,
  cmsPageSchema,
  countryListSchema,
  productListingSchema,
  productSchema,
  storeConfigSchema,
  urlRedirectSchema,
  type B2bPluginManifest,
  type BlogPost,
  type CategoryNode,
  type CmsPage,
  type Country,
  type Product,
  type ProductCard,
  type StoreConfig,
  type RedirectEntity,
  type UrlRedirect,
} from './content/schemas.ts';
import { addSignedClientIp } from './proxy/client-ip.ts';
import { markStorefrontCall } from './storefront-call.ts';
import type { B2bModule } from './sync/b2b-plugins.ts';

export const API_PREFIX = '/api/rest/v2';
/** SPEC.md: products are fetched 100 per page during sync; the backend's maximum too. */
export const SYNC_PAGE_SIZE = 100;
const DEFAULT_TIMEOUT_MS = 15_000;
/** Pages of a collection requested ahead of the one being validated (getAllPages). */
const PAGES_IN_FLIGHT = 2;

export class BackendError extends Error {
  readonly path: string;
  readonly status: number | undefined;
  /** The backend did not answer within the timeout (a gateway timeout rather than a failure). */
  readonly timedOut: boolean;
  constructor(path: string, message: string, status?: number, timedOut = false) {
    super(message);
    this.name = 'BackendError';
    this.path = path;
    this.status = status;
    this.timedOut = timedOut;
  }
}

/** A client API call to forward (`/api/*` of the storefront), already checked by the caller. */
export interface ProxiedCall {
  method: string;
  /** Decoded segments below /api/rest/v2 (validated with safePathSegments). */
  segments: string[];
  trailingSlash: boolean;
  /** The raw query string including its `?`, or empty. */
  search: string;
  /** Only the headers that may reach the backend (see proxy/api-headers.ts). */
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

export interface BackendClientOptions {
  /** Backend origin, e.g. http://127.0.0.1:8080 (no trailing slash needed). */
  baseUrl: string;
  timeoutMs?: number;
  /**
   * STOREFRONT_PROXY_SECRET: marks the storefront's own requests (storefront-call.ts), for which the
   * backend opens what it keeps from visitors: a walled store's guest view (its sync, DECISIONS.md
   * 49) and the forms API with the headless API off (51); and signs forwarded visitors' IPs (41).
   */
  proxySecret?: string;
  /** Sends the requests (the sync counts its subrequests through it); the global fetch by default. */
  fetch?: typeof fetch;
}

const storeListSchema = z.object({
  member: z.array(z.object({ code: z.string().min(1), name: z.string(), isDefault: z.boolean() })),
});
/** The envelopes are checked here, each record on its own (so a failure names the record). */
const collectionSchema = pageOf(z.unknown());
const treeSchema = listOf(z.unknown());
const searchResultsSchema = pageOf(productListingSchema);
/** The part of `/customers/me` the storefront session keeps (session-token.ts). */
/** The session's view of `/customers/me`: the country is the default shipping address's, `none` without one (DECISIONS.md 48). */
const signedInCustomerSchema = z
  .object({
    firstName: z.string(),
    groupId: z.number().int().min(0),
    defaultShippingCountry: z.string().regex(/^[A-Z]{2}$/).nullable().default(null),
    // DECISIONS.md 60: the price-list set a module prices this customer by (`pl-…`), null: their group's prices.
    viewKey: viewKeySchema.nullable().default(null),
  })
  .transform(({ defaultShippingCountry, ...customer }) => ({ ...customer, country: defaultShippingCountry ?? 'none' }));
export type SignedInCustomer = z.infer<typeof signedInCustomerSchema>;

/** What the order success page shows: `/checkout/orders/{reference}` (only with place-order's reference). */
const placedOrderSchema = z.object({
  number: z.string(),
  email: z.string(),
  currency: z.string(),
  subtotal: z.number(),
  shippingAmount: z.number(),
  grandTotal: z.number(),
  lines: z.array(z.object({ sku: z.string(), name: z.string(), options: z.record(z.string(), z.string()), qty: z.number(), rowTotal: z.number() })),
  purchaseOrder: customerOrderSchema.shape.purchaseOrder,
  confirmationEmail: z.object({ to: z.string(), status: z.enum(['pending', 'sent', 'failed', 'unsent', 'none']) }),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export interface SearchResults {
  products: ProductCard[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
}

/** The headless API's submission body (DECISIONS.md 18). */
export interface FormSubmission {
  formCode: string;
  payload: Record<string, string | number | boolean | null>;
  renderToken: string;
  hp?: string;
  captchaToken?: string;
}

export type StoreView = z.infer<typeof storeListSchema>['member'][number];

export function createBackendClient(options: BackendClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? fetch;

  /**
   * fetch with a deadline on the answer's headers only: a slow upload or a long streamed answer is
   * not cut off, a backend that does not answer at all is. Failures become a BackendError.
   */
  async function fetchWithDeadline(path: string, url: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('deadline', 'TimeoutError')), timeoutMs);
    try {
      return await send(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new BackendError(path, `backend did not answer within ${timeoutMs} ms`, undefined, true);
      throw new BackendError(path, `backend unreachable: ${String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * GETs a JSON body; `absentOn404` makes a 404 answer `undefined` instead of an error. With a
   * customer's `token` the backend answers their view (prices, visibility); without, a guest's.
   * Every such read is the storefront's own, marked so (never a visitor's request: that is `proxy`).
   */
  async function getJson(
    path: string,
    store?: string,
    query: Record<string, string> = {},
    absentOn404 = false,
    token?: string,
  ): Promise<unknown> {
    const url = new URL(`${base}${API_PREFIX}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const headers = new Headers({ Accept: 'application/json' });
    if (store) headers.set('X-Store-Code', store);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    await markStorefrontCall(headers, options.proxySecret);
    const response = await fetchWithDeadline(path, url.href, { headers });
    if (!response.ok) {
      await response.body?.cancel();
      if (absentOn404 && response.status === 404) return undefined;
      throw new BackendError(path, `backend answered HTTP ${response.status}`, response.status);
    }
    try {
      return await response.json();
    } catch {
      throw new BackendError(path, 'backend answered a body that is not JSON', response.status);
    }
  }

  /** Parses with a schema; a failure names the path and the first offending fields. */
  function parse<T>(path: string, schema: z.ZodType<T>, data: unknown, what: string): T {
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new BackendError(path, `invalid ${what}: ${issues}`);
  }

  /** The one record of a collection filtered by identifier, or null when there is none. */
  async function findByIdentifier<T>(path: string, store: string, identifier: string, schema: z.ZodType<T>, what: string) {
    const body = parse(path, collectionSchema, await getJson(path, store, { identifier, itemsPerPage: '1' }), 'collection');
    const [first] = body.member;
    return first === undefined ? null : parse(path, schema, first, what);
  }

  /**
   * Follows every page of a paged collection and validates each record on the way, in page order.
   * Up to PAGES_IN_FLIGHT later pages are requested while the worker validates the one it holds, so
   * the backend prepares the next page instead of waiting for the next request (the two run on
   * different machines, or cores). `onPage` sees each page's validated records as they arrive.
   */
  async function getAllPages<T>(
    path: string,
    store: string,
    schema: z.ZodType<T>,
    what: string,
    onPage?: (records: T[]) => void,
    { filter = {}, token }: { filter?: Record<string, string>; token?: string } = {},
  ): Promise<T[]> {
    const fetchPage = async (page: number) =>
      parse(path, collectionSchema, await getJson(path, store, { ...filter, page: String(page), itemsPerPage: String(SYNC_PAGE_SIZE) }, false, token), 'collection');
    const records: T[] = [];
    const inFlight: Array<Promise<z.infer<typeof collectionSchema>>> = [];
    let requested = 1;
    let body = await fetchPage(1);
    for (;;) {
      const pageRecords = body.member.map((item, index) => parse(path, schema, item, `${what} #${records.length + index + 1}`));
      records.push(...pageRecords);
      onPage?.(pageRecords);
      // Each page's total decides how far to read: a collection that shrank ends on an empty page.
      const lastPage = body.member.length === 0 ? 0 : Math.ceil(body.totalItems / body.itemsPerPage);
      while (requested < lastPage && inFlight.length < PAGES_IN_FLIGHT) {
        const next = fetchPage(++requested);
        // Awaited in turn below; a page left unread after an earlier failure must not go unhandled.
        next.catch(() => undefined);
        inFlight.push(next);
      }
      const next = inFlight.shift();
      if (next === undefined || lastPage === 0) return records;
      body = await next;
    }
  }

  /** A file the backend serves (media, module scripts), streamed with its status and caching headers. */
  async function passThrough(path: string, method: 'GET' | 'HEAD'): Promise<Response> {
    const upstream = await fetchWithDeadline(path, `${base}${path}`, { method });
    const headers = new Headers();
    for (const name of ['Content-Type', 'Content-Length', 'Cache-Control', 'ETag', 'Last-Modified']) {
      const value = upstream.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(upstream.body, { status: upstream.status, headers });
  }

  return {
    baseUrl: base,
    /**
     * Forwards a client API call to `{backend}/api/rest/v2/{segments}` and returns the backend's
     * answer unchanged (status, headers, streamed body). Throws a BackendError when the backend is
     * unreachable or does not answer in time; the caller maps that to 502/504.
     */
    async proxy(call: ProxiedCall): Promise<Response> {
      const path = `/${call.segments.map(encodeURIComponent).join('/')}${call.trailingSlash ? '/' : ''}`;
      const hasBody = call.body !== null && call.method !== 'GET' && call.method !== 'HEAD';
      return fetchWithDeadline(path, `${base}${API_PREFIX}${path === '/' ? '' : path}${call.search}`, {
        method: call.method,
        headers: call.headers,
        body: hasBody ? call.body : null,
        redirect: 'manual',
      });
    },
    /**
     * The discovery answer of a B2B module (`/b2b/{code}/config`), validated into its manifest, or
     * null when the module is not installed (404). Any other answer is a BackendError.
     */
    async b2bPlugin(store: string, module: B2bModule): Promise<B2bPluginManifest | null> {
      const path = `/b2b/${encodeURIComponent(module.code)}/config`;
      const answer = await getJson(path, store, {}, true);
      return answer === undefined ? null : parse(path, module.manifest, answer, `${module.code} discovery config`);
    },
    /**
     * The public schema of a Custom Forms form, or null when the module is off, the form unknown or
     * inactive (404): a CMS directive naming it then renders nothing.
     */
    async customForm(store: string, code: string): Promise<PublicForm | null> {
      const path = `/custom-forms/${encodeURIComponent(code)}`;
      const answer = await getJson(path, store, {}, true);
      return answer === undefined ? null : parse(path, publicFormSchema, answer, `form ${code}`);
    },
    /**
     * Sends a form submission to the headless API (`/custom-form-submissions`, DECISIONS.md 18) for
     * the visitor whose request `incoming` is, as the storefront's own call (open with the headless
     * API off, DECISIONS.md 51) with the visitor's IP signed (41): the same rate limits and spam log
     * as a direct call. Answers the backend's status and body.
     */
    async submitForm(store: string, submission: FormSubmission, incoming: Headers): Promise<{ status: number; body: unknown }> {
      const path = '/custom-form-submissions';
      const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json', 'X-Store-Code': store });
      await addSignedClientIp(headers, incoming, options.proxySecret);
      await markStorefrontCall(headers, options.proxySecret);
      const response = await fetchWithDeadline(path, `${base}${API_PREFIX}${path}`, { method: 'POST', headers, body: JSON.stringify(submission) });
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        // A body that is not JSON carries no outcome; the status alone decides (formOutcome).
      }
      return { status: response.status, body };
    },
    /**
     * Streams a media file (`segments` already validated by safePathSegments). The backend's
     * caching headers pass through so the edge and browsers cache images as it says.
     */
    media(segments: string[], method: 'GET' | 'HEAD'): Promise<Response> {
      return passThrough(`/media/${segments.map(encodeURIComponent).join('/')}`, method);
    },
    /** A B2B module's client script, `/plugins/{name}.js` (DECISIONS.md 26), served same-origin. */
    plugin(name: string, method: 'GET' | 'HEAD'): Promise<Response> {
      return passThrough(`/plugins/${encodeURIComponent(name)}.js`, method);
    },
    async stores(): Promise<StoreView[]> {
      return parse('/stores', storeListSchema, await getJson('/stores'), 'store list').member;
    },
    async storeConfig(store: string): Promise<StoreConfig> {
      return parse('/store-config', storeConfigSchema, await getJson('/store-config', store), 'store config');
    },
    async categories(store: string): Promise<CategoryNode[]> {
      const body = parse('/categories', treeSchema, await getJson('/categories', store), 'category tree');
      return parse('/categories', categoryTreeSchema, body.member, 'category tree');
    },
    /** Every product as the listing answers it (listing stubs; a page view completes them). */
    products(store: string, onPage?: (products: Product[]) => void): Promise<Product[]> {
      return getAllPages('/products', store, productListingSchema, 'product', onPage);
    },
    /** The full record; with a customer's `token`, as that customer sees it (signed-in pages). */
    async product(store: string, id: number, token?: string): Promise<Product> {
      const path = `/products/${id}`;
      return parse(path, productSchema, await getJson(path, store, {}, false, token), 'product');
    },
    /** The full record of a URL key as a customer sees it, or null when it is absent for them. */
    async productByUrlKey(store: string, urlKey: string, token: string): Promise<Product | null> {
      const body = parse('/products', collectionSchema, await getJson('/products', store, { urlKey, itemsPerPage: '1' }, false, token), 'collection');
      const listed = body.member[0] === undefined ? null : parse('/products', productListingSchema, body.member[0], 'product');
      if (!listed) return null;
      const path = `/products/${listed.id}`;
      const full = await getJson(path, store, {}, true, token);
      return full === undefined ? null : parse(path, productSchema, full, 'product');
    },
    /** The listing record of a URL key as a guest sees it (what the product sync stores), or null. */
    async listedProduct(store: string, urlKey: string): Promise<Product | null> {
      const body = parse('/products', collectionSchema, await getJson('/products', store, { urlKey, itemsPerPage: '1' }), 'collection');
      return body.member[0] === undefined ? null : parse('/products', productListingSchema, body.member[0], 'product');
    },
    /** Every product assigned to one category (not its descendants), as a guest or as the customer of `token` sees them. */
    categoryProducts(store: string, categoryId: number, token?: string): Promise<Product[]> {
      return getAllPages('/products', store, productListingSchema, 'product', undefined, { filter: { categoryId: String(categoryId) }, token });
    },
    cmsPages(store: string): Promise<CmsPage[]> {
      return getAllPages('/cms-pages', store, cmsPageSchema, 'CMS page');
    },
    /** Old paths of one kind's records and where they moved (301s on the storefront). */
    urlRedirects(store: string, entity: RedirectEntity): Promise<UrlRedirect[]> {
      return getAllPages('/url-redirects', store, urlRedirectSchema, 'redirect', undefined, { filter: { entity } });
    },
    blogPosts(store: string): Promise<BlogPost[]> {
      return getAllPages('/blog-posts', store, blogPostSchema, 'blog post');
    },
    cmsPage(store: string, identifier: string): Promise<CmsPage | null> {
      return findByIdentifier('/cms-pages', store, identifier, cmsPageSchema, 'CMS page');
    },
    blogPost(store: string, identifier: string): Promise<BlogPost | null> {
      return findByIdentifier('/blog-posts', store, identifier, blogPostSchema, 'blog post');
    },
    /** The backend's full-text product search, as a guest, or with a customer's `token` as they see it. */
    async search(store: string, query: string, page: number, itemsPerPage: number, token?: string): Promise<SearchResults> {
      const body = parse(
        '/search',
        searchResultsSchema,
        await getJson('/search', store, { q: query, page: String(page), itemsPerPage: String(itemsPerPage) }, false, token),
        'search results',
      );
      return { products: body.member.map(toProductCard), totalItems: body.totalItems, page: body.page, itemsPerPage: body.itemsPerPage };
    },
    /** The order a success reference names, or null when the backend knows none (forged, expired). */
    async placedOrder(store: string, reference: string): Promise<PlacedOrder | null> {
      const path = `/checkout/orders/${encodeURIComponent(reference)}`;
      let answer: unknown;
      try {
        answer = await getJson(path, store, {}, true);
      } catch (error) {
        // A reference the backend refuses as malformed (control characters, DECISIONS.md 56) names no order either.
        if (error instanceof BackendError && error.status === 400) return null;
        throw error;
      }
      return answer === undefined ? null : parse('/checkout/orders/{reference}', placedOrderSchema, answer, 'order');
    },
    /**
     * Who an access token belongs to (`/customers/me`): their first name and customer group, or null
     * when the backend refuses the token (expired, revoked, not a customer's).
     */
    async signedInCustomer(store: string, token: string): Promise<SignedInCustomer | null> {
      try {
        return parse('/customers/me', signedInCustomerSchema, await getJson('/customers/me', store, {}, false, token), 'customer');
      } catch (error) {
        if (error instanceof BackendError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    /**
     * One of the signed-in customer's orders by its number, or null when it is not theirs (or not a
     * number): the backend answers both with 404 / 400. Never cached: it is one customer's.
     */
    async customerOrder(store: string, number: string, token: string): Promise<CustomerOrder | null> {
      const path = `/customers/me/orders/${encodeURIComponent(number)}`;
      let answer: unknown;
      try {
        answer = await getJson(path, store, {}, true, token);
      } catch (error) {
        if (error instanceof BackendError && error.status === 400) return null;
        throw error;
      }
      return answer === undefined ? null : parse('/customers/me/orders/{number}', customerOrderSchema, answer, 'order');
    },
    async countries(store: string): Promise<Country[]> {
      const body = parse('/countries', treeSchema, await getJson('/countries', store), 'country list');
      return parse('/countries', countryListSchema, body.member, 'country list');
    },
  };
}

export type BackendClient = ReturnType<typeof createBackendClient>;
