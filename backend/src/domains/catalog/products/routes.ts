import { createRoute, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { products } from '../../../platform/db/schema/index.ts';
import { callerVaryingCache } from '../../../platform/http/cache-control.ts';
import type { StoreEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { errorResponses, jsonContent, PagingQuery } from '../../../platform/http/schemas.ts';
import { AppError } from '../../../platform/errors.ts';
import { StoreHeaders, StoreQuery } from '../../stores/schemas.ts';
import { resolveStoreView } from '../../stores/store-view.ts';
import { parseTimestamp } from '../../../platform/time.ts';
import { productDetailSchema } from '../../../../../contracts/product.ts';
import { hiddenProducts, visibleProducts } from '../visibility.ts';
import { listProductRows } from './listing.ts';
import { annotateProducts } from './dto-build.ts';
import { loadProductRecords } from './record.ts';
import { loadProductRowsByIds } from './rows.ts';
import { ProductCollectionSchema } from './schemas.ts';

/** Ids are PostgreSQL integers; a larger number can name no row and must not reach the database. */
const RecordId = z.coerce.number().int().min(1).max(2_147_483_647);

const ListQuery = PagingQuery.extend(StoreQuery.shape).extend({
  urlKey: z.string().min(1).optional(),
  sku: z.string().min(1).optional(),
  categoryId: RecordId.optional().openapi({ description: 'Products assigned to this category.' }),
  updatedSince: z
    .string()
    .refine((value) => parseTimestamp(value) !== undefined, 'Expected "YYYY-MM-DD HH:MM:SS" (UTC) or ISO 8601.')
    .optional()
    .openapi({ description: 'Products updated at or after this instant.', example: '2026-01-01 00:00:00' }),
});

const listProductsRoute = createRoute({
  method: 'get',
  path: '/products',
  tags: ['Catalog'],
  summary: 'Product listing (records without type-specific children)',
  description: 'Send a customer token to get the caller\'s view (modules may annotate records per customer group); such answers are private.',
  middleware: [resolveStoreView, callerVaryingCache] as const,
  request: { query: ListQuery, headers: StoreHeaders },
  responses: {
    200: jsonContent(ProductCollectionSchema, 'A page of products, ordered by id'),
    ...errorResponses,
  },
});

const productDetailRoute = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags: ['Catalog'],
  summary: 'Full product record with its type-specific children',
  middleware: [resolveStoreView, callerVaryingCache] as const,
  request: {
    params: z.object({ id: RecordId.openapi({ param: { name: 'id', in: 'path' }, example: 1 }) }),
    query: StoreQuery,
    headers: StoreHeaders,
  },
  responses: { 200: jsonContent(productDetailSchema, 'The product'), ...errorResponses },
});

export const productRoutes = createRouter<StoreEnv>()
  .openapi(listProductsRoute, async (c) => {
    const { page, itemsPerPage, urlKey, sku, categoryId, updatedSince } = c.req.valid('query');
    const hidden = await hiddenProducts(c);
    const filters = { urlKey, sku, categoryId, updatedSince: updatedSince === undefined ? undefined : parseTimestamp(updatedSince), hidden };
    const { rows, totalItems } = await listProductRows(c.var.db, c.var.store.id, filters, { page, itemsPerPage });
    const member = await loadProductRecords(c.var.db, c.var.store, rows, { withChildren: false, hidden });
    await annotateProducts(c, member, 'listing');
    return c.json({ member, totalItems, page, itemsPerPage }, 200);
  })
  .openapi(productDetailRoute, async (c) => {
    const { id } = c.req.valid('param');
    // Only products with a page of their own are served (a variant, or a member sold only through
    // its group, answers as unknown), and one hidden from the caller answers as one that does not
    // exist (DECISIONS.md 30, 47): the same 404 body, nothing disclosed.
    const hidden = await hiddenProducts(c);
    const rows = await loadProductRowsByIds(c.var.db, c.var.store.id, [id], and(eq(products.visibility, 'catalog'), visibleProducts(hidden)));
    const [record] = await loadProductRecords(c.var.db, c.var.store, rows, { withChildren: true, hidden });
    if (!record) throw new AppError('not_found', 'product_not_found', `No product with id ${id}.`);
    await annotateProducts(c, [record], 'detail');
    return c.json(record, 200);
  });
