/**
 * The checkout's answers, in the order a shopper meets them: the shipping quote
 * (`/checkout/shipping-methods`), the payment methods and the payment intent, place-order's answer
 * and the success page's (`/checkout/orders/{reference}`).
 */
import { z } from 'zod';
import { orderSchema } from './order.ts';

export const shippingMethodSchema = z.object({ code: z.string(), title: z.string(), amount: z.number() }).meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingMethodListSchema = z.object({ member: z.array(shippingMethodSchema), currency: z.string() }).meta({ id: 'ShippingMethodList' });
export type ShippingMethodList = z.infer<typeof shippingMethodListSchema>;

export const paymentMethodSchema = z
  .object({
    code: z.string(),
    title: z.string(),
    kind: z.enum(['card', 'on_account']).meta({
      description: 'card: pay through a payment intent first. on_account: no card; place-order takes a `poNumber`, and the order waits in pending until the merchant records the payment.',
    }),
    publishableKey: z.string().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z.object({ member: z.array(paymentMethodSchema) }).meta({ id: 'PaymentMethodList' });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

export const paymentIntentSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    clientSecret: z.string().nullable(),
    publishableKey: z.string().nullable(),
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
  })
  .meta({ id: 'PaymentIntent' });
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** What place-order adds to the order (the backend extends its named Order with it). */
export const placedOrderShape = {
  successReference: z.string().meta({
    description: 'Shows this order on the success page for an hour: GET /checkout/orders/{reference}. Only the caller that placed the order receives it.',
    example: '42.1767229200.5xq3hG8…',
  }),
};
export const placedOrderSchema = orderSchema.extend(placedOrderShape);
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const confirmationEmailStatuses = ['pending', 'sent', 'failed', 'unsent', 'none'] as const;

/** What the success page's answer adds to the order. */
export const placedOrderViewShape = {
  confirmationEmail: z
    .object({
      to: z.string(),
      status: z.enum(confirmationEmailStatuses).meta({
        description: 'The outbox status of the order confirmation: pending (on its way), sent, failed, unsent (no mail transport configured), none (no email was written)',
      }),
    })
    .meta({ id: 'OrderConfirmationEmail' }),
};
export const placedOrderViewSchema = orderSchema.extend(placedOrderViewShape);
export type PlacedOrderView = z.infer<typeof placedOrderViewSchema>;
