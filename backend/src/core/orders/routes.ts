import { createRoute } from '@hono/zod-openapi';
import { count, eq } from 'drizzle-orm';
import { requireCustomer } from '../auth/resolve-caller.ts';
import { orders } from '../db/schema/index.ts';
import { OrderSchema } from '../checkout/schemas.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { collectionOf, ErrorSchema, errorResponses, jsonContent, PagingQuery } from '../http/schemas.ts';
import { customerOrdersQuery, orderRecords } from './load.ts';

const myOrdersRoute = createRoute({
  method: 'get',
  path: '/customers/me/orders',
  tags: ['Customers'],
  summary: 'The signed-in customer\'s orders, newest first',
  security: [{ bearerAuth: [] }],
  request: { query: PagingQuery },
  responses: { 200: jsonContent(collectionOf(OrderSchema, 'OrderCollection'), 'Orders'), ...errorResponses, 401: jsonContent(ErrorSchema, 'No valid customer token') },
});

export const orderRoutes = createRouter<AppEnv>().openapi(myOrdersRoute, async (c) => {
  const { customerId } = requireCustomer(c.var.caller);
  const { page, itemsPerPage } = c.req.valid('query');
  const [rows, totals] = await Promise.all([
    customerOrdersQuery(c.var.db, customerId).limit(itemsPerPage).offset((page - 1) * itemsPerPage),
    c.var.db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return c.json({ member: await orderRecords(c.var.db, rows), totalItems: totals[0]?.total ?? 0, page, itemsPerPage }, 200, { 'Cache-Control': 'no-store' });
});
