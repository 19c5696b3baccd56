/** What the orders admin API (`/api/rest/v2/admin/orders…`) takes and answers, for validation and the OpenAPI document. */
import { z } from '@hono/zod-openapi';
import { OrderSchema } from '../checkout/schemas.ts';
import { orderStatuses } from '../../platform/db/schema/index.ts';
import { PagingQuery, Timestamp } from '../../platform/http/schemas.ts';
import { maxNoteLength } from './admin-actions.ts';
import { maxCancelReasonLength } from './cancel.ts';
import { isCalendarDay, orderSorts } from './order-search.ts';
import { maxReasonLength } from './refunds.ts';
import { maxTrackingLength } from './ship.ts';

export const OrderIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 12 }) });

const Day = (description: string) =>
  z
    .string()
    .refine(isCalendarDay, 'A day written YYYY-MM-DD, e.g. 2026-03-01.')
    .optional()
    .openapi({ description, example: '2026-03-01' });

export const OrderListQuery = PagingQuery.extend({
  q: z.string().trim().max(100, 'At most 100 characters.').optional().openapi({ description: 'Part of the order number, the email or the name on the shipping address ("first last"), any case.', example: 'ordway' }),
  status: z.enum(orderStatuses).optional(),
  createdFrom: Day('Placed on or after this day (UTC).'),
  createdTo: Day('Placed on or before this day (UTC).'),
  sort: z.enum(orderSorts).default('-date').openapi({ description: 'date, total or number; a leading - sorts down. Newest first unless asked.' }),
}).refine((query) => !query.createdFrom || !query.createdTo || query.createdFrom <= query.createdTo, { path: ['createdTo'], message: 'On or after createdFrom.' });

export const AdminOrderSummarySchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(orderStatuses),
    email: z.string(),
    customerId: z.number().int().nullable().openapi({ description: 'Null for a guest order.' }),
    customerName: z.string().openapi({ description: 'The name on the shipping address.' }),
    currency: z.string(),
    grandTotal: z.number(),
    createdAt: Timestamp,
  })
  .openapi('AdminOrderSummary');

const OrderPaymentSchema = z
  .object({
    provider: z.string().openapi({ description: 'The payment provider\'s code (`test`, `stripe`).', example: 'stripe' }),
    reference: z.string().openapi({ description: 'The provider\'s reference of the payment (its payment intent).', example: 'pi_3P5x2L' }),
    amount: z.number(),
    currency: z.string(),
    status: z.string().nullable().openapi({ description: 'The payment intent\'s status at the last look (`succeeded`: captured); null when it is not on record.' }),
    refundedTotal: z.number(),
    remaining: z.number().openapi({ description: 'What can still be refunded: 0 unless the payment is captured.' }),
    refunds: z.array(
      z.object({
        id: z.string().openapi({ description: 'The provider\'s reference of the refund.' }),
        amount: z.number(),
        status: z.enum(['succeeded', 'pending', 'requires_action']),
        reason: z.string(),
        createdBy: z.string().openapi({ description: 'The admin\'s email.' }),
        createdAt: Timestamp,
      }),
    ),
  })
  .openapi('OrderPayment');

export const AdminOrderSchema = OrderSchema.extend({
  customerId: z.number().int().nullable(),
  customerName: z.string(),
  payments: z.array(OrderPaymentSchema).openapi({ description: 'Its card payment, if it has one.' }),
  history: z
    .array(
      z.object({
        kind: z.string().openapi({ description: '`note`, `canceled` or `refund`.' }),
        message: z.string(),
        actor: z.string().openapi({ description: 'The admin\'s email.' }),
        createdAt: Timestamp,
      }),
    )
    .openapi({ description: 'What happened after it was placed, oldest first.' }),
  cancelRefusal: z
    .object({ error: z.enum(['not_cancelable', 'refund_required']), message: z.string() })
    .nullable()
    .openapi({ description: 'Why POST …/cancel would answer 409, or null when it would cancel.' }),
}).openapi('AdminOrder');

export const OrderNoteBody = z
  .object({ message: z.string().trim().min(1, 'Write a note.').max(maxNoteLength, `At most ${maxNoteLength} characters.`).openapi({ description: 'For the shop\'s staff; the customer does not see it.' }) })
  .strict()
  .openapi('OrderNoteRequest');

export const OrderShipBody = z
  .object({ tracking: z.string().max(maxTrackingLength, `At most ${maxTrackingLength} characters.`).optional().openapi({ description: 'The carrier\'s tracking reference: kept in the history and put in the shipment email.', example: '1Z999AA10123456784' }) })
  .strict()
  .openapi('OrderShipRequest');

export const OrderCancelBody = z
  .object({ reason: z.string().max(maxCancelReasonLength, `At most ${maxCancelReasonLength} characters.`).optional().openapi({ description: 'Kept in the order\'s history.' }) })
  .strict()
  .openapi('OrderCancelRequest');

export const OrderRefundBody = z
  .object({
    // The message is the order page's too: its Amount field's text that is no number reaches this as NaN (form-input.ts).
    amount: z.number({ error: 'Type an amount such as 12.50.' }).optional().openapi({ description: 'In the order\'s currency, whole cents; all that is left to refund when absent.', example: 12.5 }),
    reason: z.string().max(maxReasonLength, `At most ${maxReasonLength} characters.`).optional().openapi({ description: 'Kept in the order\'s history (not sent to the customer).' }),
  })
  .strict()
  .openapi('OrderRefundRequest');
