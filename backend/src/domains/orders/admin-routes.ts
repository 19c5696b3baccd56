/**
 * The orders admin API (issue 17, DECISIONS.md 42): the list and search of Sales → Orders, an order
 * with its payment and history, and what its page does (notes, cancel, refunds), on the same
 * services as the page.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../platform/auth/resolve-caller.ts';
import { csvResponseHeaders } from '../../platform/csv.ts';
import type { Db } from '../../platform/db/database.ts';
import type { orders } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { collectionOf, ErrorSchema, errorResponses, jsonBody, jsonContent, Timestamp } from '../../platform/http/schemas.ts';
import { addOrderNote } from './admin-actions.ts';
import { loadAdminOrder } from './admin-order-view.ts';
import { AdminOrderSchema, AdminOrderSummarySchema, OrderCancelBody, OrderIdParam as IdParam, OrderListQuery, OrderNoteBody, OrderRefundBody, OrderShipBody } from './admin-schemas.ts';
import { cancelOrder } from './cancel.ts';
import { exportOrdersCsv, ORDER_CSV_COLUMNS } from './csv-export.ts';
import { customerNameOf, searchOrders, type OrderSearch } from './order-search.ts';
import { refundOrder } from './refunds.ts';
import { shipOrder } from './ship.ts';

const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };
const adminErrors = {
  ...errorResponses,
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
};

const exportRoute = createRoute({
  method: 'get',
  path: '/admin/orders/export',
  tags: ['Admin'],
  security,
  summary: `Every order as CSV, newest first (${ORDER_CSV_COLUMNS.join(', ')}; UTF-8 with BOM, formulas neutralised)`,
  responses: { 200: { description: 'The CSV, as Sales → Orders → Export CSV downloads it', content: { 'text/csv': { schema: z.string() } } }, ...adminErrors },
});

const listRoute = createRoute({
  method: 'get',
  path: '/admin/orders',
  tags: ['Admin'],
  summary: 'Orders found by number, email or name, status and the days placed; sorted and paged',
  description: 'The search and filters of Sales → Orders. A filter the API cannot read is 400 `invalid_request` naming it (`details[].field`).',
  security,
  request: { query: OrderListQuery },
  responses: { 200: jsonContent(collectionOf(AdminOrderSummarySchema, 'AdminOrderSummaries'), 'One page of orders'), ...adminErrors },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/admin/orders/{id}',
  tags: ['Admin'],
  summary: 'An order with its lines, addresses, payment (provider reference, refunds), history, and whether it can be canceled',
  security,
  request: { params: IdParam },
  responses: { 200: jsonContent(AdminOrderSchema, 'The order'), ...adminErrors },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/admin/orders/{id}/cancel',
  tags: ['Admin'],
  summary: 'Cancel a pending or processing order without a captured payment: its items go back in stock (audited)',
  description:
    'The body is optional. 409 `not_cancelable`: complete or canceled already. 409 `refund_required`: its payment is captured; refund what is left (POST …/refunds), and the refund that completes it cancels the order and puts its items back in stock. A payment only authorized is released at the provider first (Stripe cancels the PaymentIntent); 502 `provider_failed` if the provider refuses, the order unchanged.',
  security,
  request: { params: IdParam, body: { required: false, content: { 'application/json': { schema: OrderCancelBody } } } },
  responses: {
    200: jsonContent(AdminOrderSchema, 'The canceled order'),
    ...adminErrors,
    409: jsonContent(ErrorSchema, 'The order cannot be canceled'),
    502: jsonContent(ErrorSchema, 'The payment provider did not release the authorized payment; the order is unchanged'),
  },
});

const shipRoute = createRoute({
  method: 'post',
  path: '/admin/orders/{id}/ship',
  tags: ['Admin'],
  summary: 'Mark a processing order (or a pending one paid on account) shipped: it is complete, the history keeps the tracking reference, and the customer gets the shipment email (outbox)',
  description: 'The body is optional. A purchase order ships before it is paid (that is what net terms are for). 409 `not_shippable`: pending card payment, complete or canceled.',
  security,
  request: { params: IdParam, body: { required: false, content: { 'application/json': { schema: OrderShipBody } } } },
  responses: { 200: jsonContent(AdminOrderSchema, 'The shipped order'), ...adminErrors, 409: jsonContent(ErrorSchema, 'The order cannot ship') },
});

const noteRoute = createRoute({
  method: 'post',
  path: '/admin/orders/{id}/notes',
  tags: ['Admin'],
  summary: 'Add a staff note to an order\'s history (audited; the customer does not see it)',
  security,
  request: { params: IdParam, body: jsonBody(OrderNoteBody) },
  responses: { 201: jsonContent(AdminOrderSchema, 'The order with the note in its history'), ...adminErrors },
});

function summaryOf(row: typeof orders.$inferSelect) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    email: row.email,
    customerId: row.customerId,
    customerName: customerNameOf(row),
    currency: row.currency,
    grandTotal: row.grandTotal,
    createdAt: formatTimestamp(row.createdAt),
  };
}

async function adminOrder(db: Db, id: number) {
  const loaded = await loadAdminOrder(db, id);
  if (!loaded) throw new AppError('not_found', 'order_not_found', `No order ${id}.`);
  return loaded.order;
}


const RefundHeaders = z.object({
  'idempotency-key': z.string().min(1).max(100).optional().openapi({ description: 'Unique per refund; asking again with the same key answers the first refund (200, `Idempotent-Replayed: true`) and refunds nothing more.' }),
});

const OrderRefundSchema = z
  .object({
    id: z.string().openapi({ description: 'The payment provider\'s reference of the refund', example: 're_3P5x2L' }),
    orderId: z.number().int(),
    orderNumber: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: z.enum(['succeeded', 'pending', 'requires_action']).openapi({ description: 'The provider\'s: done, or under way' }),
    reason: z.string(),
    createdBy: z.string().openapi({ description: 'The admin\'s email' }),
    createdAt: Timestamp,
    refundedTotal: z.number().openapi({ description: 'Refunded of the order so far, this refund included' }),
    remaining: z.number().openapi({ description: 'Left to refund' }),
    orderStatus: z.enum(['pending', 'processing', 'complete', 'canceled']).openapi({ description: 'A pending or processing order refunded in full is canceled (its items back in stock)' }),
  })
  .openapi('OrderRefund');

const refundRoute = createRoute({
  method: 'post',
  path: '/admin/orders/{id}/refunds',
  tags: ['Admin'],
  summary: 'Refund all or part of a paid order through its payment provider (audited)',
  description:
    'The refund goes to the provider that took the payment (Stripe\'s Refunds API, or the test provider) and is recorded only when the provider accepts it. 409 `not_refundable`: no captured payment, or refunded in full already; 400 `invalid_amount` (field `amount`): 0 or less, not whole cents, or more than is left; 502 `provider_failed`: the provider refused or did not answer, and nothing was recorded.',
  security,
  request: { params: IdParam, headers: RefundHeaders, body: jsonBody(OrderRefundBody) },
  responses: {
    201: jsonContent(OrderRefundSchema, 'The refund'),
    200: jsonContent(OrderRefundSchema, 'The refund made earlier with this idempotency key'),
    ...errorResponses,
    401: jsonContent(ErrorSchema, 'No valid token'),
    403: jsonContent(ErrorSchema, 'Not an admin token'),
    409: jsonContent(ErrorSchema, 'Nothing to refund'),
    502: jsonContent(ErrorSchema, 'The payment provider did not refund'),
    503: jsonContent(ErrorSchema, 'The order\'s payment provider is not configured'),
  },
});

export const orderAdminRoutes = createRouter<AppEnv>()
  // Before /admin/orders/{id}, which would read "export" as an id.
  .openapi(exportRoute, async (c) => {
    requireAdmin(c.var.caller);
    return c.body(await exportOrdersCsv(c.var.db), 200, csvResponseHeaders('orders.csv'));
  })
  .openapi(listRoute, async (c) => {
    requireAdmin(c.var.caller);
    const query = c.req.valid('query');
    const search: OrderSearch = { q: query.q ?? '', status: query.status ?? '', from: query.createdFrom ?? '', to: query.createdTo ?? '', sort: query.sort };
    const { rows, total } = await searchOrders(c.var.db, search, { page: query.page, size: query.itemsPerPage });
    return c.json({ member: rows.map(summaryOf), totalItems: total, page: query.page, itemsPerPage: query.itemsPerPage }, 200, noStore);
  })
  .openapi(detailRoute, async (c) => {
    requireAdmin(c.var.caller);
    return c.json(await adminOrder(c.var.db, c.req.valid('param').id), 200, noStore);
  })
  .openapi(shipRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    await shipOrder({ db: c.var.db, notifications: c.var.notifications, mailer: c.var.mailer, actor }, id, c.req.valid('json').tracking ?? '');
    return c.json(await adminOrder(c.var.db, id), 200, noStore);
  })
  .openapi(cancelRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    await cancelOrder({ db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor }, id, c.req.valid('json').reason ?? '');
    return c.json(await adminOrder(c.var.db, id), 200, noStore);
  })
  .openapi(noteRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    await addOrderNote({ db: c.var.db, notifications: c.var.notifications, actor }, id, c.req.valid('json').message);
    return c.json(await adminOrder(c.var.db, id), 201, noStore);
  })
  .openapi(refundRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const context = { db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor };
    const request = { ...c.req.valid('json'), idempotencyKey: c.req.valid('header')['idempotency-key'] };
    const { refund, replayed } = await refundOrder(context, c.req.valid('param').id, request);
    if (replayed) return c.json(refund, 200, { ...noStore, 'Idempotent-Replayed': 'true' });
    return c.json(refund, 201, noStore);
  });
