/**
 * UCP's order for a signed-in customer: their order of that number, from `/customers/me/orders` with
 * their token (no order is readable by number alone, so an anonymous caller is asked to sign in).
 */
import { z } from 'zod';
import { absoluteUrl } from '../public-origin.ts';
import { callBackend, expectOk, ToolRefusal, type CallerContext } from './backend-calls.ts';
import { CustomerRequired } from './cart-operations.ts';
import { minorUnits } from './money.ts';
import { CAPABILITIES, ucpEnvelope } from './ucp-version.ts';

const PAGE = 100;
const orderPage = z.object({
  totalItems: z.number(),
  member: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      currency: z.string(),
      subtotal: z.number(),
      shippingAmount: z.number(),
      grandTotal: z.number(),
      shippingMethod: z.string(),
      shippingAddress: z.object({ firstName: z.string(), lastName: z.string(), street: z.array(z.string()), city: z.string(), region: z.string().nullish(), postcode: z.string(), countryId: z.string() }),
      lines: z.array(z.object({ sku: z.string(), name: z.string(), options: z.record(z.string(), z.string()), qty: z.number(), price: z.number(), rowTotal: z.number() })),
    }),
  ),
});
type BackendOrder = z.infer<typeof orderPage>['member'][number];

async function findOrder(caller: CallerContext, number: string): Promise<BackendOrder | undefined> {
  for (let page = 1; ; page++) {
    const body = orderPage.safeParse(expectOk(await callBackend(caller, '/customers/me/orders', { query: { page: String(page), itemsPerPage: String(PAGE) } }), 'The orders could not be read.'));
    if (!body.success) throw new ToolRefusal('backend_unavailable', 'The shop answered orders it could not read; try again shortly.');
    const found = body.data.member.find((order) => order.number === number);
    if (found || page * PAGE >= body.data.totalItems) return found;
  }
}

export async function getOrder(caller: CallerContext, origin: string, number: string) {
  if (!caller.authorization) throw new CustomerRequired('Reading an order needs the customer\'s access token (Authorization: Bearer).');
  const order = await findOrder(caller, number);
  if (!order) throw new ToolRefusal('order_not_found', 'This account has no order with that id.');
  const address = order.shippingAddress;
  return {
    ucp: ucpEnvelope(CAPABILITIES.order),
    id: order.number,
    checkout_id: order.number,
    status: order.status,
    currency: order.currency,
    permalink_url: absoluteUrl(origin, '/account'),
    line_items: order.lines.map((line, index) => ({
      id: String(index + 1),
      item: { id: line.sku, title: line.name, price: minorUnits(line.price) },
      options: line.options,
      quantity: { total: line.qty, fulfilled: order.status === 'complete' ? line.qty : 0 },
      status: order.status === 'complete' ? ('fulfilled' as const) : ('processing' as const),
      totals: [{ type: 'subtotal', amount: minorUnits(line.rowTotal) }],
    })),
    fulfillment: {
      expectations: [
        {
          id: 'shipment-1',
          method_type: 'shipping' as const,
          description: order.shippingMethod,
          line_items: order.lines.map((line, index) => ({ id: String(index + 1), quantity: line.qty })),
          destination: {
            first_name: address.firstName,
            last_name: address.lastName,
            street_address: address.street.join(', '),
            address_locality: address.city,
            ...(address.region ? { address_region: address.region } : {}),
            postal_code: address.postcode,
            address_country: address.countryId,
          },
        },
      ],
    },
    totals: [
      { type: 'subtotal', amount: minorUnits(order.subtotal) },
      { type: 'fulfillment', amount: minorUnits(order.shippingAmount) },
      { type: 'total', amount: minorUnits(order.grandTotal) },
    ],
  };
}
