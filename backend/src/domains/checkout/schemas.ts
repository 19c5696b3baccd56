import { z } from '@hono/zod-openapi';
import { checkoutAddressSchema } from '../../../../contracts/address.ts';
import { placedOrderShape, placedOrderViewShape } from '../../../../contracts/checkout.ts';
import { orderSchema } from '../../../../contracts/order.ts';
import { openapiNamed } from '../../platform/http/openapi-name.ts';

/*
 * The checkout's answers are shared contracts (contracts/checkout.ts, contracts/order.ts): the
 * storefront's islands read the same types. The request bodies, headers and parameters are the
 * backend's own and stay here. The Order is named here (openapiNamed) so that place-order's and
 * the success page's answers document as "Order and more" (allOf), as they always have.
 */
export { paymentIntentSchema as PaymentIntentSchema, paymentMethodListSchema as PaymentMethodListSchema, shippingMethodListSchema as ShippingMethodListSchema } from '../../../../contracts/checkout.ts';

// Named again (openapiNamed): an optional field of a record named only by `.meta({ id })` would be
// inlined by the generator, where the document has always said "CheckoutAddress, or absent" (allOf).
const CheckoutAddressSchema = openapiNamed(checkoutAddressSchema, 'CheckoutAddress');

const Country = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, e.g. US');

export const ShippingQuery = z.object({ country: Country.openapi({ example: 'US' }) });

export const CreateIntentSchema = z
  .object({ shippingMethod: z.string().min(1), country: Country, provider: z.string().min(1).optional().openapi({ description: 'Default provider when absent.' }) })
  .openapi('CreatePaymentIntent');

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
    paymentIntentId: z.string().min(1).max(100).optional().openapi({ description: 'Required for card methods: the intent paid for this cart. Absent for methods on account.' }),
    poNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: 'Required for methods on account (kind `on_account`, e.g. `purchase_order`): the buyer\'s purchase-order number.', example: 'PO-2026-0042' }),
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

export const OrderSchema = openapiNamed(orderSchema, 'Order');

export const PlacedOrderSchema = OrderSchema.extend(placedOrderShape).openapi('PlacedOrder');

export const SuccessReferenceParam = z.object({
  reference: z.string().min(1).max(200).openapi({ param: { name: 'reference', in: 'path' }, description: 'The successReference of place-order' }),
});

export const PlacedOrderViewSchema = OrderSchema.extend(placedOrderViewShape).openapi('PlacedOrderView');
