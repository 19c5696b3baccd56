/**
 * The MCP tools, under UCP's names for its shopping capabilities (DECISIONS.md 59): catalog search
 * and lookup, product detail, cart create/get/update, checkout create/get/update/complete, order get.
 * Arguments follow UCP's MCP binding (the resource under its own key: `catalog`, `cart`, `checkout`;
 * ids beside it). Every tool answers `structuredContent` and the same JSON as text (for clients that
 * read only text). A refusal (the backend's, or a missing field) is an `isError` result that says
 * why; only a malformed call is a JSON-RPC error (the SDK's input validation).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ToolRefusal, type CallerContext } from './backend-calls.ts';
import { cartTokenOf, CustomerRequired, newCart, readCart, replaceLines } from './cart-operations.ts';
import { ucpCart } from './cart-shapes.ts';
import { getProduct, lookupCatalog, searchCatalog } from './catalog-operations.ts';
import { checkoutView, completeCheckout, type ShopSide } from './checkout-operations.ts';
import { addressState, buyerState, openCheckout, sealCheckout, type CheckoutState } from './checkout-state.ts';
import { lineItemsInput } from './line-items.ts';
import type { PaymentProvider } from './payment-handlers.ts';
import { getOrder } from './order-operations.ts';
import { about } from './tool-catalog.ts';
import { CAPABILITIES, TEST_CARD_HANDLER, ucpEnvelope } from './ucp-version.ts';

export interface ToolContext {
  caller: CallerContext;
  origin: string;
  /** The backend's payment provider: which payment handlers checkouts offer. */
  paymentProvider: PaymentProvider;
  /** SESSION_SECRET: seals checkout ids; without it checkouts are unavailable. */
  sealSecret: string | undefined;
  /** Set when a tool needed a signed-in customer and had none: the HTTP answer becomes 401. */
  customerRequired: boolean;
}


const id = z.string().trim().min(1).max(4096);
const meta = z.record(z.string(), z.unknown()).optional().describe('UCP request metadata (e.g. the agent profile); accepted, not required.');
const fulfillmentInput = z.object({
  destination: addressState.optional(),
  selected_option_id: z.string().min(1).max(64).optional().describe('A shipping option id from fulfillment.options.'),
});
const checkoutFields = { buyer: buyerState.optional(), fulfillment: fulfillmentInput.optional() };

function answer(result: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> };
}

function refusal(error: ToolRefusal): CallToolResult {
  const body = { error: error.code, message: error.message };
  return { isError: true, content: [{ type: 'text', text: `${error.message} (${error.code})` }], structuredContent: body };
}

export function registerShoppingTools(server: McpServer, context: ToolContext): void {
  const { caller, origin } = context;
  const shop: ShopSide = { origin, paymentProvider: context.paymentProvider };
  const run = async (work: () => Promise<object>): Promise<CallToolResult> => {
    try {
      return answer(await work());
    } catch (error) {
      if (error instanceof CustomerRequired) context.customerRequired = true;
      if (error instanceof ToolRefusal) return refusal(error);
      console.error('MCP tool failed:', error);
      return refusal(new ToolRefusal('internal_error', 'The tool failed unexpectedly; try again.'));
    }
  };
  const secret = (): string => {
    if (!context.sealSecret) throw new ToolRefusal('checkout_unavailable', 'Checkout over MCP is not configured on this shop (SESSION_SECRET).');
    return context.sealSecret;
  };
  const openState = async (checkoutId: string): Promise<CheckoutState> => {
    const state = await openCheckout(secret(), checkoutId);
    if (!state) throw new ToolRefusal('checkout_not_found', 'No checkout has this id (use the id the last checkout answer gave).');
    return state;
  };
  const applyFields = (state: CheckoutState, fields: { buyer?: CheckoutState['buyer']; fulfillment?: z.infer<typeof fulfillmentInput> }): CheckoutState => ({
    ...state,
    ...(fields.buyer ? { buyer: { ...state.buyer, ...fields.buyer } } : {}),
    ...(fields.fulfillment?.destination ? { destination: fields.fulfillment.destination } : {}),
    ...(fields.fulfillment?.selected_option_id ? { option: fields.fulfillment.selected_option_id } : {}),
  });
  const viewOf = async (state: CheckoutState) => {
    const checkoutId = await sealCheckout(secret(), state);
    return checkoutView(caller, shop, checkoutId, state);
  };

  server.registerTool(
    'search_catalog',
    {
      ...about('search_catalog'),
      inputSchema: { meta, catalog: z.object({ query: z.string().trim().min(1).max(200), pagination: z.object({ limit: z.number().int().min(1).max(50).default(10), cursor: z.string().max(10).optional() }).optional() }) },
      annotations: { readOnlyHint: true },
    },
    ({ catalog }) => run(() => searchCatalog(caller, origin, catalog.query, catalog.pagination?.limit ?? 10, catalog.pagination?.cursor)),
  );
  server.registerTool(
    'lookup_catalog',
    {
      ...about('lookup_catalog'),
      inputSchema: { meta, catalog: z.object({ ids: z.array(z.string().trim().min(1).max(200)).min(1).max(20) }) },
      annotations: { readOnlyHint: true },
    },
    ({ catalog }) => run(() => lookupCatalog(caller, origin, catalog.ids)),
  );
  server.registerTool(
    'get_product',
    {
      ...about('get_product'),
      inputSchema: { meta, catalog: z.object({ id: z.string().trim().min(1).max(200) }) },
      annotations: { readOnlyHint: true },
    },
    ({ catalog }) => run(() => getProduct(caller, origin, catalog.id)),
  );
  server.registerTool(
    'create_cart',
    {
      ...about('create_cart'),
      inputSchema: { meta, cart: z.object({ line_items: lineItemsInput }) },
    },
    ({ cart }) =>
      run(async () => {
        const created = await newCart(caller, cart.line_items);
        return { ucp: ucpEnvelope(CAPABILITIES.cart), ...ucpCart(created.id, created.token, created.cart, origin) };
      }),
  );
  server.registerTool(
    'get_cart',
    {
      ...about('get_cart'),
      inputSchema: { meta, id },
      annotations: { readOnlyHint: true },
    },
    ({ id: cartId }) =>
      run(async () => {
        const token = cartTokenOf(caller, cartId);
        return { ucp: ucpEnvelope(CAPABILITIES.cart), ...ucpCart(cartId, token, await readCart(caller, token), origin) };
      }),
  );
  server.registerTool(
    'update_cart',
    {
      ...about('update_cart'),
      inputSchema: { meta, id, cart: z.object({ line_items: z.array(lineItemsInput.element).max(100) }) },
    },
    ({ id: cartId, cart }) =>
      run(async () => {
        const token = cartTokenOf(caller, cartId);
        return { ucp: ucpEnvelope(CAPABILITIES.cart), ...ucpCart(cartId, token, await replaceLines(caller, token, cart.line_items), origin) };
      }),
  );
  server.registerTool(
    'create_checkout',
    {
      ...about('create_checkout'),
      inputSchema: { meta, checkout: z.object({ cart_id: id.optional(), line_items: lineItemsInput.optional(), ...checkoutFields }) },
    },
    ({ checkout }) =>
      run(async () => {
        let cartId = checkout.cart_id;
        if (cartId && checkout.line_items) throw new ToolRefusal('invalid_checkout', 'Send cart_id or line_items, not both.');
        if (cartId) cartTokenOf(caller, cartId);
        else if (checkout.line_items) cartId = (await newCart(caller, checkout.line_items)).id;
        else throw new ToolRefusal('invalid_checkout', 'A checkout needs cart_id or line_items.');
        return viewOf(applyFields({ cart: cartId }, checkout));
      }),
  );
  server.registerTool(
    'get_checkout',
    {
      ...about('get_checkout'), inputSchema: { meta, id }, annotations: { readOnlyHint: true } },
    ({ id: checkoutId }) => run(async () => checkoutView(caller, shop, checkoutId, await openState(checkoutId))),
  );
  server.registerTool(
    'update_checkout',
    {
      ...about('update_checkout'),
      inputSchema: { meta, id, checkout: z.object(checkoutFields) },
    },
    ({ id: checkoutId, checkout }) => run(async () => viewOf(applyFields(await openState(checkoutId), checkout))),
  );
  server.registerTool(
    'complete_checkout',
    {
      ...about('complete_checkout'),
      inputSchema: {
        meta,
        id,
        checkout: z.object({
          payment: z.object({
            instruments: z
              .array(
                z.object({
                  id: z.string().max(100).optional(),
                  handler_id: z.literal(TEST_CARD_HANDLER),
                  type: z.string().max(40).optional(),
                  credential: z.object({ number: z.string().trim().min(12).max(40) }),
                }),
              )
              .min(1)
              .max(1),
          })
            // Optional: with a live provider no handler is offered and the answer is requires_escalation.
            .optional(),
        }),
      },
    },
    ({ id: checkoutId, checkout }) => run(async () => completeCheckout(caller, shop, checkoutId, await openState(checkoutId), checkout.payment?.instruments[0]?.credential.number)),
  );
  server.registerTool(
    'get_order',
    {
      ...about('get_order'),
      inputSchema: { meta, id: z.string().trim().min(1).max(64) },
      annotations: { readOnlyHint: true },
    },
    ({ id: orderId }) => run(() => getOrder(caller, origin, orderId)),
  );
}
