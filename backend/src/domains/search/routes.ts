import { createRoute, z } from '@hono/zod-openapi';
import { callerVaryingCache } from '../../platform/http/cache-control.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { errorResponses, jsonContent, PagingQuery } from '../../platform/http/schemas.ts';
import { AppError } from '../../platform/errors.ts';
import { annotateProducts } from '../catalog/products/dto-build.ts';
import { loadProductRecords } from '../catalog/products/record.ts';
import { SearchResultsSchema } from '../catalog/products/schemas.ts';
import { hiddenProducts } from '../catalog/visibility.ts';
import { StoreHeaders, StoreQuery } from '../stores/schemas.ts';
import { resolveStoreView } from '../stores/store-view.ts';
import { searchConfigFor } from '../../platform/db/schema/search-document.ts';
import { CorrectionCache } from './correction-cache.ts';
import { correctTerms, queryTerms, searchProductRows } from './query.ts';

const SearchQuery = PagingQuery.extend(StoreQuery.shape).extend({
  q: z.string().min(1).max(200).openapi({ description: 'Words to find; each matches as a prefix, stemmed in the store language ("jackets" finds "jacket"), and a word no product has is corrected to the nearest catalog word ("jakcet" → "jacket"). Ranked by relevance, an exact SKU first.', example: 'blue sh' }),
  categoryId: z.coerce.number().int().min(1).max(2_147_483_647).optional().openapi({ description: 'Only products in this category.' }),
});

/** One per process: see correction-cache.ts for why a minute's staleness is harmless. */
const corrections = new CorrectionCache();

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Catalog'],
  summary: 'Full-text product search (PostgreSQL text search with stemming, prefix matching, typo tolerance, ranked)',
  middleware: [resolveStoreView, callerVaryingCache] as const,
  request: { query: SearchQuery, headers: StoreHeaders },
  responses: { 200: jsonContent(SearchResultsSchema, 'Matching products, best first'), ...errorResponses },
});

export const searchRoutes = createRouter<StoreEnv>().openapi(searchRoute, async (c) => {
  const { q, categoryId, page, itemsPerPage } = c.req.valid('query');
  const terms = queryTerms(q);
  if (terms.length === 0) throw new AppError('invalid', 'invalid_request', 'The search needs at least one letter or digit.', [{ location: 'query', field: 'q', message: 'No searchable words.' }]);
  const hidden = await hiddenProducts(c);
  const corrected = await correctTerms(c.var.db, terms, corrections);
  const config = searchConfigFor(c.var.store.locale);
  const { rows, totalItems } = await searchProductRows(c.var.db, c.var.store.id, q, corrected, config, { categoryId, hidden }, { page, itemsPerPage });
  const member = await loadProductRecords(c.var.db, c.var.store, rows, { withChildren: false, hidden });
  await annotateProducts(c, member, 'listing');
  return c.json({ member, totalItems, page, itemsPerPage }, 200);
});
