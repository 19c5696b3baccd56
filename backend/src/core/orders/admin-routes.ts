import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../auth/resolve-caller.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { ErrorSchema, errorResponses, jsonBody, jsonContent, Timestamp } from '../http/schemas.ts';
import { maxReasonLength, refundOrder } from './refunds.ts';

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 12 }) });

const RefundBody = z
  .object({
    amount: z.number().optional().openapi({ description: 'In the order\'s currency, whole cents; all that is left to refund when absent.', example: 12.5 }),
    reason: z.string().max(maxReasonLength).optional().openapi({ description: 'Kept in the order\'s history (not sent to the customer).' }),
  })
  .strict()
  .openapi('OrderRefundRequest');

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
  security: [{ bearerAuth: [] }],
  request: { params: IdParam, headers: RefundHeaders, body: jsonBody(RefundBody) },
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

export const orderAdminRoutes = createRouter<AppEnv>().openapi(refundRoute, async (c) => {
  const actor = requireAdmin(c.var.caller);
  const context = { db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor };
  const request = { ...c.req.valid('json'), idempotencyKey: c.req.valid('header')['idempotency-key'] };
  const { refund, replayed } = await refundOrder(context, c.req.valid('param').id, request);
  if (replayed) return c.json(refund, 200, { 'Cache-Control': 'no-store', 'Idempotent-Replayed': 'true' });
  return c.json(refund, 201, { 'Cache-Control': 'no-store' });
});
