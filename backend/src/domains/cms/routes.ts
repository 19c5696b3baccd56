import { createRoute, z } from '@hono/zod-openapi';
import { cmsPageSchema } from '../../../../contracts/cms-page.ts';
import { and, asc, eq } from 'drizzle-orm';
import { cmsPages } from '../../platform/db/schema/index.ts';
import { selectPage } from '../../platform/db/select-page.ts';
import { publicCatalogCache } from '../../platform/http/cache-control.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { collectionOf, errorResponses, jsonContent, PagingQuery } from '../../platform/http/schemas.ts';
import { StoreHeaders, StoreQuery } from '../stores/schemas.ts';
import { resolveStoreView } from '../stores/store-view.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { overlay, storeTextsIn } from '../stores/store-texts.ts';
import { cmsPageTextKind } from './store-texts.ts';

const listCmsPagesRoute = createRoute({
  method: 'get',
  path: '/cms-pages',
  tags: ['Content'],
  summary: 'Active CMS pages',
  middleware: [resolveStoreView, publicCatalogCache] as const,
  request: {
    query: PagingQuery.extend(StoreQuery.shape).extend({ identifier: z.string().min(1).optional() }),
    headers: StoreHeaders,
  },
  responses: { 200: jsonContent(collectionOf(cmsPageSchema, 'CmsPageCollection'), 'A page of CMS pages'), ...errorResponses },
});

export const cmsRoutes = createRouter<StoreEnv>().openapi(listCmsPagesRoute, async (c) => {
  const { page, itemsPerPage, identifier } = c.req.valid('query');
  const where = and(eq(cmsPages.isActive, true), identifier === undefined ? undefined : eq(cmsPages.identifier, identifier));
  const { rows, totalItems } = await selectPage(c.var.db, cmsPages, where, [asc(cmsPages.id)], { page, itemsPerPage });
  // The store view's own texts where it has them (store-texts.ts).
  const texts = await storeTextsIn(c.var.db, cmsPageTextKind, c.var.store.id, rows.map((row) => row.id));
  const member = rows.map((row) => overlay(row, texts.get(row.id))).map((p) => ({
    id: p.id,
    identifier: p.identifier,
    title: p.title,
    contentHeading: p.contentHeading,
    content: p.content,
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    isActive: p.isActive,
    updatedAt: formatTimestamp(p.updatedAt),
  }));
  return c.json({ member, totalItems, page, itemsPerPage }, 200);
});
