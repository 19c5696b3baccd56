import { createRoute } from '@hono/zod-openapi';
import { and, count, eq } from 'drizzle-orm';
import { requireCustomer } from '../../platform/auth/resolve-caller.ts';
import { orders } from '../../platform/db/schema/index.ts';
import { OrderSchema } from '../checkout/schemas.ts';
import { clientIp } from '../../platform/http/client-ip.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { collectionOf, ErrorSchema, errorResponses, jsonBody, jsonContent, PagingQuery } from '../../platform/http/schemas.ts';
import { StoreHeaders } from '../stores/schemas.ts';
import { findStoreView, requestedStoreCode, storeHeader } from '../stores/store-view.ts';
import { lookUpGuestOrder } from './guest-lookup.ts';
import { linkGuestOrders, requestOrderLink } from './link-guest-orders.ts';
import { customerOrdersQuery, orderRecords } from './load.ts';
import { AppError } from '../../platform/errors.ts';
import { withAfterSale } from './after-sale.ts';
import { CustomerOrderSchema, GuestOrderLookupSchema, LinkOrdersSchema, OrderLinkRequestedSchema, OrderNumberParam, OrdersLinkedSchema } from './schemas.ts';

const security = [{ bearerAuth: [] }];
const signedIn = { ...errorResponses, 401: jsonContent(ErrorSchema, 'No valid customer token') };
const noStore = { 'Cache-Control': 'no-store' };

const myOrdersRoute = createRoute({
  method: 'get',
  path: '/customers/me/orders',
  tags: ['Customers'],
  summary: 'The signed-in customer\'s orders, newest first',
  security,
  request: { query: PagingQuery },
  responses: { 200: jsonContent(collectionOf(OrderSchema, 'OrderCollection'), 'Orders'), ...signedIn },
});
const myOrderRoute = createRoute({
  method: 'get',
  path: '/customers/me/orders/{number}',
  tags: ['Customers'],
  summary: 'One of the signed-in customer\'s orders, by its number',
  description: 'Another customer\'s order, a guest order and a number that does not exist all answer the same 404 `order_not_found`, so the answer never tells whether a number exists.',
  security,
  request: { params: OrderNumberParam },
  responses: { 200: jsonContent(CustomerOrderSchema, 'The order, with its tracking reference and refunds'), ...signedIn },
});
const guestLookupRoute = createRoute({
  method: 'post',
  path: '/orders/lookup',
  tags: ['Orders'],
  summary: 'A guest order by its number, email and billing or shipping postcode',
  description:
    'For shoppers who ordered without an account. Any mismatch (or an order placed by a signed-in customer) answers the same 404 `order_not_found`. At most 20 lookups an hour per client IP and 10 per order number: 429 `too_many_attempts` with `Retry-After` beyond.',
  request: { body: jsonBody(GuestOrderLookupSchema) },
  responses: { 200: jsonContent(CustomerOrderSchema, 'The order, with its tracking reference and refunds'), ...errorResponses, 429: jsonContent(ErrorSchema, 'Too many lookups') },
});
const requestLinkRoute = createRoute({
  method: 'post',
  path: '/customers/me/orders/link-requests',
  tags: ['Customers'],
  summary: 'Email a link that adds the guest orders of the account\'s email to the account',
  description:
    'Guest orders are never linked on the email alone: this emails the account\'s address a single-use link (`/account/link-orders?token=…` on the store\'s storefront, valid 24 hours). Opening it signed in to this account (POST /customers/me/orders/link) adds every guest order of that email in this store view. At most 5 requests an hour (429).',
  security,
  request: { headers: StoreHeaders },
  responses: { 202: jsonContent(OrderLinkRequestedSchema, 'The link is on its way'), ...signedIn, 429: jsonContent(ErrorSchema, 'Too many requests') },
});
const linkRoute = createRoute({
  method: 'post',
  path: '/customers/me/orders/link',
  tags: ['Customers'],
  summary: 'Add the guest orders of a proven email to the account (token of the emailed link)',
  description: 'The token works once and only for the customer who asked for it: 400 `invalid_token` (`details.reason`: `used`, `expired`, `unknown`) otherwise.',
  security,
  request: { body: jsonBody(LinkOrdersSchema) },
  responses: { 200: jsonContent(OrdersLinkedSchema, 'Linked'), ...signedIn },
});

export const orderRoutes = createRouter<AppEnv>()
  .openapi(myOrdersRoute, async (c) => {
    const { customerId } = requireCustomer(c.var.caller);
    const { page, itemsPerPage } = c.req.valid('query');
    const [rows, totals] = await Promise.all([
      customerOrdersQuery(c.var.db, customerId).limit(itemsPerPage).offset((page - 1) * itemsPerPage),
      c.var.db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId)),
    ]);
    return c.json({ member: await orderRecords(c.var.db, rows), totalItems: totals[0]?.total ?? 0, page, itemsPerPage }, 200, noStore);
  })
  .openapi(myOrderRoute, async (c) => {
    const { customerId } = requireCustomer(c.var.caller);
    const { number } = c.req.valid('param');
    const rows = await c.var.db.select().from(orders).where(and(eq(orders.number, number), eq(orders.customerId, customerId)));
    const [record] = await orderRecords(c.var.db, rows);
    if (!record) throw new AppError('not_found', 'order_not_found', `You have no order ${number}.`);
    return c.json(await withAfterSale(c.var.db, record), 200, noStore);
  })
  .openapi(guestLookupRoute, async (c) => {
    const order = await lookUpGuestOrder(c.var.db, { ...c.req.valid('json'), ip: clientIp(c) });
    return c.json(await withAfterSale(c.var.db, order), 200, noStore);
  })
  .openapi(requestLinkRoute, async (c) => {
    const { customerId } = requireCustomer(c.var.caller);
    const store = await findStoreView(c.var.db, requestedStoreCode(c.req.header(storeHeader), undefined));
    const { email } = await requestOrderLink(c.var.db, c.var.mailer, store, customerId);
    const message = `We have sent a link to ${email}. Open it to add the orders placed with this address to your account.`;
    return c.json({ status: 'accepted' as const, email, message }, 202, noStore);
  })
  .openapi(linkRoute, async (c) => {
    const { customerId } = requireCustomer(c.var.caller);
    const { linked } = await linkGuestOrders(c.var.db, customerId, c.req.valid('json').token);
    return c.json({ status: 'ok' as const, linked }, 200, noStore);
  });
