import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { categories, productCategories, products } from '../../db/schema/index.ts';
import { publicCatalogCache } from '../../http/cache-control.ts';
import type { StoreEnv } from '../../http/context.ts';
import { createRouter } from '../../http/router.ts';
import { errorResponses, jsonContent } from '../../http/schemas.ts';
import { StoreHeaders, StoreQuery } from '../../stores/schemas.ts';
import { resolveStoreView } from '../../stores/store-view.ts';
import { CategoryTreeSchema } from './schemas.ts';
import { buildCategoryTree } from './tree.ts';

const categoryTreeRoute = createRoute({
  method: 'get',
  path: '/categories',
  tags: ['Catalog'],
  summary: 'Tree of active categories',
  middleware: [resolveStoreView, publicCatalogCache] as const,
  request: { query: StoreQuery, headers: StoreHeaders },
  responses: { 200: jsonContent(CategoryTreeSchema, 'Top-level categories with their children'), 404: errorResponses[404] },
});

async function loadCategoryTree(db: Db) {
  const [rows, memberships] = await Promise.all([
    db.select().from(categories),
    db
      .select({ categoryId: productCategories.categoryId, productId: productCategories.productId })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .where(and(eq(products.isEnabled, true), eq(products.visibility, 'catalog'))),
  ]);
  return buildCategoryTree(rows, memberships);
}

export const categoryRoutes = createRouter<StoreEnv>().openapi(categoryTreeRoute, async (c) => {
  const member = await loadCategoryTree(c.var.db);
  return c.json({ member, totalItems: member.length }, 200);
});
