/**
 * Carts named by ids, with no server session (DECISIONS.md 59): a guest's cart id is the backend's
 * cart token (`X-Cart-Token`, which only its holder knows); a signed-in customer has one cart on
 * their account, named `account`, which the backend finds by their token. The worker keeps nothing.
 */
import { GUEST_CART_TOKEN } from '../../cart-handoff.ts';
import { callBackend, expectOk, ToolRefusal, type CallerContext } from './backend-calls.ts';
import { backendCartSchema, type BackendCart } from './cart-shapes.ts';
import type { LineItemInput } from './line-items.ts';

export const ACCOUNT_CART_ID = 'account';

/** A tool that needs a signed-in customer: the HTTP answer becomes 401 with `WWW-Authenticate`. */
export class CustomerRequired extends ToolRefusal {
  constructor(message: string) {
    super('customer_required', message);
    this.name = 'CustomerRequired';
  }
}

/** The guest cart token an id names (undefined for the account cart), or a refusal. */
export function cartTokenOf(caller: CallerContext, id: string): string | undefined {
  if (id === ACCOUNT_CART_ID) {
    if (!caller.authorization) throw new CustomerRequired('The account cart needs the customer\'s access token (Authorization: Bearer).');
    return undefined;
  }
  if (caller.authorization) throw new ToolRefusal('cart_not_found', `A signed-in customer's cart is "${ACCOUNT_CART_ID}".`);
  if (!GUEST_CART_TOKEN.test(id)) throw new ToolRefusal('cart_not_found', 'No cart has this id.');
  return id;
}

function parseCart(body: unknown): BackendCart {
  const parsed = backendCartSchema.safeParse(body);
  if (!parsed.success) throw new ToolRefusal('backend_unavailable', 'The shop answered a cart it could not read; try again shortly.');
  return parsed.data;
}

export async function readCart(caller: CallerContext, token: string | undefined): Promise<BackendCart> {
  return parseCart(expectOk(await callBackend(caller, '/cart', { cartToken: token }), 'The cart could not be read.'));
}

function addBody(line: LineItemInput) {
  return { sku: line.item.id, qty: line.quantity, ...(line.options ? { options: line.options } : {}) };
}

/**
 * Adds lines one by one (the backend's cart add is per product). A guest without a token gets one
 * from the first add; the token (new or given) is returned with the cart.
 */
export async function addLines(caller: CallerContext, token: string | undefined, lines: LineItemInput[]): Promise<{ token: string | undefined; cart: BackendCart }> {
  let current = token;
  let body: unknown;
  for (const line of lines) {
    const answer = await callBackend(caller, '/cart/items', { method: 'POST', body: addBody(line), cartToken: current });
    body = expectOk(answer, `${line.item.id} could not be added to the cart.`);
    if (!caller.authorization) current = answer.cartToken ?? current;
  }
  return { token: current, cart: parseCart(body) };
}

/** UCP's update is a replacement: lines named by id keep their place with the new quantity, others are added, the rest removed. */
export async function replaceLines(caller: CallerContext, token: string | undefined, lines: LineItemInput[]): Promise<BackendCart> {
  const existing = await readCart(caller, token);
  const kept = new Set(lines.flatMap((line) => (line.id ? [line.id] : [])));
  for (const id of kept) {
    if (!existing.items.some((line) => String(line.id) === id)) throw new ToolRefusal('line_not_found', `The cart has no line ${id}.`);
  }
  for (const line of existing.items) {
    if (!kept.has(String(line.id))) expectOk(await callBackend(caller, `/cart/items/${line.id}`, { method: 'DELETE', cartToken: token }), 'A line could not be removed.');
  }
  for (const line of lines.filter((candidate) => candidate.id)) {
    expectOk(await callBackend(caller, `/cart/items/${line.id}`, { method: 'PATCH', body: { qty: line.quantity }, cartToken: token }), 'A quantity could not be changed.');
  }
  const added = lines.filter((line) => !line.id);
  return added.length > 0 ? (await addLines(caller, token, added)).cart : readCart(caller, token);
}

/** A new cart holding `lines`: a fresh guest cart, or the customer's account cart with them added. */
export async function newCart(caller: CallerContext, lines: LineItemInput[]): Promise<{ id: string; token: string | undefined; cart: BackendCart }> {
  const { token, cart } = await addLines(caller, undefined, lines);
  if (caller.authorization) return { id: ACCOUNT_CART_ID, token: undefined, cart };
  if (!token) throw new ToolRefusal('backend_unavailable', 'The shop did not name the new cart; try again shortly.');
  return { id: token, token, cart };
}
