import { Hono } from 'hono';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { contextOf } from './rules-grid.ts';

/** How many SKUs the editor's picker suggests at once. */
const suggestions = 20;

/**
 * GET /admin/b2b-access/rules/sku-options?q=: SKUs whose SKU or name contains the text, for the
 * condition editor's SKU picker (a datalist; any SKU may still be typed).
 */
export const skuOptions = new Hono<AdminEnv>().get('/', async (c) => {
  const q = (c.req.query('q') ?? '').trim().slice(0, 100);
  if (q === '') return c.json([], 200, { 'Cache-Control': 'no-store' });
  const rows = await contextOf(c).catalog.productsMatching(q, suggestions);
  return c.json(rows, 200, { 'Cache-Control': 'no-store' });
});
