import { createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonContent } from '../../../platform/http/schemas.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { PricingConfig } from '../config.ts';
import { companyAccount, recordPayment } from '../payment-terms/ledger.ts';
import { RecordId } from './wire.ts';

const contextOf = moduleContext<PricingConfig>('b2b-pricing');
const tags = ['B2B Pricing'];
const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };
const errors = { 400: jsonContent(ErrorSchema, 'invalid_request'), 401: jsonContent(ErrorSchema, 'No admin token'), 403: jsonContent(ErrorSchema, 'Not an admin token') };

const PurchaseOrder = z
  .object({
    orderId: z.number().int(),
    orderNumber: z.string(),
    poNumber: z.string(),
    amount: z.number(),
    currency: z.string(),
    dueAt: z.string().openapi({ description: 'ISO 8601' }),
    paidAt: z.string().nullable().openapi({ description: 'When the merchant recorded the payment; null while owed' }),
    overdue: z.boolean(),
  })
  .openapi('B2bPricingPurchaseOrder');

const CompanyAccount = z
  .object({
    companyId: z.number().int(),
    creditLimit: z.number().nullable().openapi({ description: 'null: the company has no payment terms' }),
    openTotal: z.number().openapi({ description: 'Owed on purchase orders not yet paid (canceled orders excluded), in the default store view\'s currency' }),
    available: z.number().nullable(),
    openPurchaseOrders: z.array(PurchaseOrder),
  })
  .openapi('B2bPricingCompanyAccount');

const accountRoute = createRoute({
  method: 'get',
  path: '/companies/{id}/account',
  tags,
  security,
  summary: 'A company\'s account on payment terms: credit limit, owed, available, unpaid purchase orders',
  request: { params: z.object({ id: RecordId }) },
  responses: { 200: jsonContent(CompanyAccount, 'The account'), ...errors, 404: jsonContent(ErrorSchema, 'No company with this id') },
});

const paymentRoute = createRoute({
  method: 'post',
  path: '/purchase-orders/{orderId}/payment',
  tags,
  security,
  summary: 'Record that a purchase order was paid: its amount is the company\'s credit again; audited',
  request: { params: z.object({ orderId: RecordId.openapi({ param: { name: 'orderId', in: 'path' } }) }) },
  responses: {
    200: jsonContent(PurchaseOrder, 'The purchase order, paid'),
    ...errors,
    404: jsonContent(ErrorSchema, 'The order was not placed on a purchase order'),
    409: jsonContent(ErrorSchema, 'already_paid'),
  },
});

/** Payment terms' admin API, beside the companies it belongs to. */
export const paymentTermsAdminApi = createRouter<AppEnv>()
  .openapi(accountRoute, async (c) => c.json(await companyAccount(contextOf(c), c.req.valid('param').id), 200, noStore))
  .openapi(paymentRoute, async (c) => c.json(await recordPayment(contextOf(c), c.req.valid('param').orderId), 200, noStore));
