import { z } from '@hono/zod-openapi';
import { LineConfigurationSchema } from '../carts/configuration.ts';
import { AddressInputSchema } from '../customers/schemas.ts';
import { Timestamp } from '../../platform/http/schemas.ts';

const Country = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, e.g. US');

export const CheckoutAddressSchema = AddressInputSchema.omit({ isDefaultBilling: true, isDefaultShipping: true }).openapi('CheckoutAddress');

export const ShippingQuery = z.object({ country: Country.openapi({ example: 'US' }) });

export const ShippingMethodListSchema = z
  .object({ member: z.array(z.object({ code: z.string(), title: z.string(), amount: z.number() }).openapi('ShippingMethod')), currency: z.string() })
  .openapi('ShippingMethodList');

export const PaymentMethodListSchema = z
  .object({
    member: z.array(z.object({ code: z.string(), title: z.string(), publishableKey: z.string().nullable(), isDefault: z.boolean() }).openapi('PaymentMethod')),
  })
  .openapi('PaymentMethodList');

export const CreateIntentSchema = z
  .object({ shippingMethod: z.string().min(1), country: Country, provider: z.string().min(1).optional().openapi({ description: 'Default provider when absent.' }) })
  .openapi('CreatePaymentIntent');

export const PaymentIntentSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    clientSecret: z.string().nullable(),
    publishableKey: z.string().nullable(),
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
  })
  .openapi('PaymentIntent');

export const ConfirmTestIntentSchema = z
  .object({ cardNumber: z.string().min(1).max(40).openapi({ example: '4242 4242 4242 4242' }) })
  .openapi('ConfirmTestPayment');

export const IntentIdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });

export const PlaceOrderSchema = z
  .object({
    email: z.email().max(254).optional().openapi({ description: 'Required for guests; customers default to their account email.' }),
    shippingAddress: CheckoutAddressSchema,
    billingAddress: CheckoutAddressSchema.optional().openapi({ description: 'Same as shipping when absent.' }),
    shippingMethod: z.string().min(1),
    paymentMethod: z.string().min(1).openapi({ example: 'test' }),
    paymentIntentId: z.string().min(1).max(100),
    saveAddresses: z.boolean().optional().openapi({
      description:
        'Customers only (ignored for guests): save the shipping and billing addresses to the address book with the order, unless already there; they become the defaults when the customer has none.',
    }),
  })
  .openapi('PlaceOrder');

export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(255).openapi({ description: 'Unique per order attempt; a retry with the same key returns the first order.' }),
  'x-cart-token': z.string().optional(),
});

export const OrderSchema = z
  .object({
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
    shippingAddress: CheckoutAddressSchema,
    billingAddress: CheckoutAddressSchema,
    lines: z.array(
      z
        .object({
          sku: z.string(),
          name: z.string(),
          options: z.record(z.string(), z.string()).openapi({ description: 'What was chosen, as labels to print.' }),
          configuration: LineConfigurationSchema.nullable(),
          qty: z.number().int(),
          price: z.number(),
          rowTotal: z.number(),
        })
        .openapi('OrderLine'),
    ),
    createdAt: Timestamp,
  })
  .openapi('Order');

export const PlacedOrderSchema = OrderSchema.extend({
  successReference: z.string().openapi({
    description: 'Shows this order on the success page for an hour: GET /checkout/orders/{reference}. Only the caller that placed the order receives it.',
    example: '42.1767229200.5xq3hG8…',
  }),
}).openapi('PlacedOrder');

export const SuccessReferenceParam = z.object({
  reference: z.string().min(1).max(200).openapi({ param: { name: 'reference', in: 'path' }, description: 'The successReference of place-order' }),
});

export const PlacedOrderViewSchema = OrderSchema.extend({
  confirmationEmail: z
    .object({
      to: z.string(),
      status: z.enum(['pending', 'sent', 'failed', 'unsent', 'none']).openapi({
        description: 'The outbox status of the order confirmation: pending (on its way), sent, failed, unsent (no mail transport configured), none (no email was written)',
      }),
    })
    .openapi('OrderConfirmationEmail'),
}).openapi('PlacedOrderView');
