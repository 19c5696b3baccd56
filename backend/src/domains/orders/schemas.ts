import { z } from '@hono/zod-openapi';
import { afterSaleShape } from '../../../../contracts/order.ts';
import { OrderSchema } from '../checkout/schemas.ts';
import { normalisePostcode } from './guest-lookup.ts';

export const GuestOrderLookupSchema = z
  .object({
    number: z.string().trim().regex(/^\d{1,20}$/, 'The order number is the digits of your confirmation email, e.g. 100000042.').openapi({ example: '100000042' }),
    email: z.email('Enter the email the order was placed with.').max(254),
    postcode: z
      .string()
      .max(20, 'At most 20 characters.')
      .refine((value) => normalisePostcode(value) !== '', 'Enter the billing or shipping postcode.')
      .openapi({ description: 'The billing or shipping postcode; case, spaces and hyphens do not matter.', example: '62704' }),
  })
  .openapi('GuestOrderLookup');

export const OrderLinkRequestedSchema = z
  .object({
    status: z.literal('accepted'),
    email: z.string().openapi({ description: 'Where the link was sent: the account\'s email.' }),
    message: z.string(),
  })
  .openapi('OrderLinkRequested');

export const LinkOrdersSchema = z
  .object({ token: z.string().min(1, 'Required.').max(200).openapi({ description: 'The token of the emailed link (`/account/link-orders?token=…`).' }) })
  .openapi('LinkOrders');

export const OrdersLinkedSchema = z
  .object({ status: z.literal('ok'), linked: z.array(z.string()).openapi({ description: 'Numbers of the orders added to the account (none when there were no guest orders).' }) })
  .openapi('OrdersLinked');

export const OrderNumberParam = z.object({
  number: z
    .string()
    .regex(/^\d{1,20}$/, 'An order number is digits, e.g. 100000042.')
    .openapi({ param: { name: 'number', in: 'path' }, example: '100000042' }),
});

export const CustomerOrderSchema = OrderSchema.extend(afterSaleShape).openapi('CustomerOrder');
