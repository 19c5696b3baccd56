import { asc, ilike, or } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { products } from '../../../platform/db/schema/index.ts';

/** How many SKUs the editor's picker suggests at once. */
const suggestions = 20;

/**
 * GET /admin/b2b-access/rules/sku-options?q=: SKUs whose SKU or name contains the text, for the
 * condition editor's SKU picker (a datalist; any SKU may still be typed).
 */
export const skuOptions = new Hono<AdminEnv>().get('/', async (c) => {
  const q = (c.req.query('q') ?? '').trim().slice(0, 100);
  if (q === '') return c.json([], 200, { 'Cache-Control': 'no-store' });
  // The admin's text is matched literally: LIKE's own wildcards are escaped.
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await c.var.db
    .select({ sku: products.sku, name: products.name })
    .from(products)
    .where(or(ilike(products.sku, pattern), ilike(products.name, pattern)))
    .orderBy(asc(products.sku))
    .limit(suggestions);
  return c.json(rows, 200, { 'Cache-Control': 'no-store' });
});
