/**
 * UCP catalog search, lookup and product detail over the backend's catalog API, as the caller sees
 * it: with their token the backend answers their group's view (trade prices), without it a guest's;
 * products hidden from them are absent from search and answer "not found" on lookup (DECISIONS.md 47).
 */
import { productDetailSchema, productListingSchema, type ProductListing } from '../../../../contracts/product.ts';
import { callBackend, expectOk, ToolRefusal, type CallerContext } from './backend-calls.ts';
import { ucpProductDetail, ucpProductSummary } from './catalog-shapes.ts';
import { CAPABILITIES, ucpEnvelope } from './ucp-version.ts';

interface Page {
  member: unknown[];
  totalItems: number;
}

function listingsOf(body: unknown): ProductListing[] {
  const page = body as Partial<Page> | null;
  return (page?.member ?? []).flatMap((record) => {
    const parsed = productListingSchema.safeParse(record);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function searchCatalog(caller: CallerContext, origin: string, query: string, limit: number, cursor: string | undefined) {
  const page = cursor ? Number(cursor) : 1;
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new ToolRefusal('invalid_cursor', 'The cursor is not one this server gave.');
  const body = expectOk(await callBackend(caller, '/search', { query: { q: query, page: String(page), itemsPerPage: String(limit) } }), 'The search failed.') as Partial<Page>;
  const total = body.totalItems ?? 0;
  const hasNext = page * limit < total;
  return {
    ucp: ucpEnvelope(CAPABILITIES.catalogSearch),
    products: listingsOf(body).map((product) => ucpProductSummary(product, origin)),
    pagination: { total_count: total, has_next_page: hasNext, ...(hasNext ? { cursor: String(page + 1) } : {}) },
  };
}

/** The product an id names: a product id (digits), else a SKU, else a URL key; null when the caller cannot see it. */
async function findListing(caller: CallerContext, id: string): Promise<ProductListing | null> {
  if (/^\d{1,10}$/.test(id)) {
    const answer = await callBackend(caller, `/products/${id}`);
    if (answer.status === 404) return null;
    const parsed = productListingSchema.safeParse(expectOk(answer, 'The product could not be read.'));
    return parsed.success ? parsed.data : null;
  }
  for (const filter of ['sku', 'urlKey']) {
    const [found] = listingsOf(expectOk(await callBackend(caller, '/products', { query: { [filter]: id, itemsPerPage: '1' } }), 'The product could not be read.'));
    if (found) return found;
  }
  return null;
}

export async function lookupCatalog(caller: CallerContext, origin: string, ids: string[]) {
  const found = await Promise.all(ids.map(async (id) => ({ id, product: await findListing(caller, id) })));
  const missing = found.filter((entry) => !entry.product);
  return {
    ucp: ucpEnvelope(CAPABILITIES.catalogLookup),
    products: found.flatMap((entry) => (entry.product ? [{ ...ucpProductSummary(entry.product, origin), inputs: [{ id: entry.id }] }] : [])),
    ...(missing.length > 0 ? { messages: missing.map((entry) => ({ type: 'info' as const, code: 'not_found', content: `No product ${entry.id}.`, path: entry.id })) } : {}),
  };
}

export async function getProduct(caller: CallerContext, origin: string, id: string) {
  // A product id is read once; a SKU or URL key is found in the listing first (the detail route takes ids).
  const productId = /^\d{1,10}$/.test(id) ? id : (await findListing(caller, id))?.id;
  const answer = productId === undefined ? undefined : await callBackend(caller, `/products/${productId}`);
  if (!answer || answer.status === 404) throw new ToolRefusal('product_not_found', `No product ${id}.`);
  const detail = productDetailSchema.safeParse(expectOk(answer, 'The product could not be read.'));
  if (!detail.success) throw new ToolRefusal('backend_unavailable', 'The shop answered a product it could not read; try again shortly.');
  return { ucp: ucpEnvelope(CAPABILITIES.catalogLookup), product: ucpProductDetail(detail.data, origin) };
}
