/**
 * The order as its owner sees it: the customer's order list and detail, the guest order lookup,
 * and (extended) place-order's answer and the success page's (contracts/checkout.ts).
 */
import { z } from 'zod';
import { checkoutAddressSchema } from './address.ts';
import { timestamp } from './fields.ts';
import { lineConfigurationSchema } from './line-configuration.ts';

export const orderLineSchema = z
  .object({
    sku: z.string(),
    name: z.string(),
    options: z.record(z.string(), z.string()).meta({ description: 'What was chosen, as labels to print.' }),
    configuration: lineConfigurationSchema.nullable(),
    qty: z.number().int(),
    price: z.number(),
    rowTotal: z.number(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof orderLineSchema>;

/** No OpenAPI id here: the backend names it, so the answers that extend it document as "Order and more" (allOf). */
export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  email: z.string(),
  currency: z.string(),
  subtotal: z.number(),
  shippingAmount: z.number(),
  grandTotal: z.number(),
  shippingMethod: z.string(),
  paymentMethod: z.string(),
  purchaseOrder: z
    .object({
      poNumber: z.string().meta({ description: 'The buyer\'s purchase-order number.', example: 'PO-2026-0042' }),
      paymentDueAt: timestamp.meta({ description: 'When payment is due (the order date plus the company\'s net days).' }),
    })
    .nullable()
    .meta({ description: 'Orders paid on account (payment method `purchase_order`): the PO number and the due date; null for card payments.' }),
  shippingAddress: checkoutAddressSchema,
  billingAddress: checkoutAddressSchema,
  lines: z.array(orderLineSchema),
  createdAt: timestamp,
});
export type Order = z.infer<typeof orderSchema>;

/** What the shopper's own view of one order adds (their order page, the guest lookup): after the sale. */
export const afterSaleShape = {
  tracking: z.string().nullable().meta({ description: 'The carrier\'s tracking reference once shipped with one; null otherwise.', example: '1Z999AA10123456784' }),
  refunds: z
    .array(z.object({ amount: z.number(), createdAt: timestamp }))
    .meta({ description: 'Refunds completed at the payment provider, oldest first, in the order\'s currency.' }),
};
export const customerOrderSchema = orderSchema.extend(afterSaleShape);
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
