import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { categories, productCategories, products } from '../../../platform/db/schema/index.ts';
import { catalogVisibilityCache } from '../../../platform/http/cache-control.ts';
import type { StoreEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { errorResponses, jsonContent } from '../../../platform/http/schemas.ts';
import { StoreHeaders, StoreQuery } from '../../stores/schemas.ts';
import { resolveStoreView } from '../../stores/store-view.ts';
import { hiddenProducts, visibleProducts } from '../visibility.ts';
import { CategoryTreeSchema } from './schemas.ts';
import { buildCategoryTree } from './tree.ts';

const categoryTreeRoute = createRoute({
  method: 'get',
  path: '/categories',
  tags: ['Catalog'],
  summary: 'Tree of active categories',
  description: 'Product counts leave out the products a module hides from the caller; with such a module loaded, answers vary on Authorization.',
  middleware: [resolveStoreView, catalogVisibilityCache] as const,
  request: { query: StoreQuery, headers: StoreHeaders },
  responses: { 200: jsonContent(CategoryTreeSchema, 'Top-level categories with their children'), 404: errorResponses[404] },
});

/** The tree with product counts of what the caller may see (`hidden`: catalog.visibility). */
async function loadCategoryTree(db: Db, hidden: ReadonlySet<number>) {
  const [rows, memberships] = await Promise.all([
    db.select().from(categories),
    db
      .select({ categoryId: productCategories.categoryId, productId: productCategories.productId })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .where(and(eq(products.isEnabled, true), eq(products.visibility, 'catalog'), visibleProducts(hidden))),
  ]);
  return buildCategoryTree(rows, memberships);
}

export const categoryRoutes = createRouter<StoreEnv>().openapi(categoryTreeRoute, async (c) => {
  const member = await loadCategoryTree(c.var.db, await hiddenProducts(c));
  return c.json({ member, totalItems: member.length }, 200);
});
