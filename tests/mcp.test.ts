/**
 * Agent commerce over MCP (issue 35, DECISIONS.md 59) against the running shop: the real backend and
 * the built storefront in workerd with AGENT_COMMERCE on, driven by the official MCP TypeScript
 * client over Streamable HTTP (and by raw JSON-RPC where the wire itself is the point). The same
 * access decision as the REST API holds for every tool: anonymous agents see what guests see, the
 * Wholesale buyer's token sees and buys at trade prices, hidden products are absent.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ucpSdk } from '../src/lib/agents/mcp/ucp-sdk-schemas.ts';
import { adminAuthorization, SHOPPER, WHOLESALE_BUYER } from './support/access-module.ts';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ vars: { AGENT_COMMERCE: 'on' } });
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
}, 240_000);
afterAll(async () => {
  await shop?.stop();
});

const { CheckoutResponseSchema, UcpDiscoveryProfileSchema } = ucpSdk;
const origin = () => shop.storefront.url;

/** A customer's access token from the storefront's `/api/auth/token` (the OAuth password grant). */
async function customerToken(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin()}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', scope: 'customer', username: account.email, password: account.password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The official client, connected over Streamable HTTP; with a token, as that customer. */
async function connect(token?: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${origin()}/mcp`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns its structured answer; fails the test on a refusal unless `refusal` is asked for. */
async function call<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  return result.structuredContent as T;
}
async function refusal(client: Client, name: string, args: Record<string, unknown>): Promise<{ error: string; message: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} should refuse: ${JSON.stringify(result.structuredContent)}`).toBe(true);
  return result.structuredContent as { error: string; message: string };
}

/** A raw JSON-RPC POST to /mcp. */
async function rpc(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin()}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

interface UcpProduct {
  id: string;
  sku: string;
  title: string;
  price_range?: { min: { amount: number; currency: string } };
  purchasable: boolean;
  messages?: Array<{ code: string; content: string }>;
  options?: Array<{ name: string; code: string; values: Array<{ label: string }> }>;
  variants?: Array<{ sku: string; availability: { available: boolean }; options: Array<{ name: string; label: string }> }>;
}
interface Checkout {
  id: string;
  status: string;
  line_items: Array<{ item: { id: string; price: number }; quantity: number; options: Record<string, string> }>;
  fulfillment: { options: Array<{ id: string; totals: Array<{ amount: number }> }> };
  totals: Array<{ type: string; amount: number }>;
  messages?: Array<{ path?: string }>;
  order?: { id: string; permalink_url: string };
}

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street_address: '12 Analytical Way',
  address_locality: 'Springfield',
  address_region: 'Illinois',
  postal_code: '62701',
  address_country: 'US',
};
const TEST_CARD = { payment: { instruments: [{ id: 'card-1', handler_id: 'test_card', type: 'card', credential: { number: '4242 4242 4242 4242' } }] } };

/** Starts a checkout of `lines`, sets the buyer and destination, picks the first shipping option. */
async function readyCheckout(client: Client, lines: unknown[], email?: string): Promise<Checkout> {
  const created = await call<Checkout>(client, 'create_checkout', { checkout: { line_items: lines, ...(email ? { buyer: { email } } : {}), fulfillment: { destination: ADDRESS } } });
  expect(created.status).toBe('incomplete');
  expect(created.fulfillment.options.length, 'shipping is quoted for the destination').toBeGreaterThan(0);
  const ready = await call<Checkout>(client, 'update_checkout', { id: created.id, checkout: { fulfillment: { selected_option_id: created.fulfillment.options[0]!.id } } });
  expect(ready.status, JSON.stringify(ready.messages)).toBe('ready_for_complete');
  return ready;
}

async function adminOrder(number: string): Promise<{ lines: Array<{ sku: string; qty: number; price: number; options: Record<string, string> }>; email: string }> {
  const headers = { Authorization: await adminAuthorization(shop) };
  const list = (await (await fetch(`${shop.backend.url}/api/rest/v2/admin/orders?q=${encodeURIComponent(number)}`, { headers })).json()) as { member: Array<{ id: number; number: string }> };
  const summary = list.member.find((order) => order.number === number);
  expect(summary, `order ${number} in the admin API`).toBeDefined();
  return (await (await fetch(`${shop.backend.url}/api/rest/v2/admin/orders/${summary!.id}`, { headers })).json()) as never;
}

describe('an agent shops through the official MCP client', () => {
  it('lists the tools under UCP names, buys a configurable with options at the test card, and reads the order', async () => {
    const token = await customerToken(SHOPPER);
    const agent = await connect(token);
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['complete_checkout', 'create_cart', 'create_checkout', 'get_cart', 'get_checkout', 'get_order', 'get_product', 'lookup_catalog', 'search_catalog', 'update_cart', 'update_checkout'].sort(),
    );

    // A configurable the shopper can buy, found through the catalog tools.
    const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?type=configurable&itemsPerPage=100`)).json()) as { member: Array<{ sku: string; name: string; type: string; finalPrice: number | null }> };
    const configurable = listing.member.find((product) => product.type === 'configurable' && product.finalPrice !== null)!;
    expect(configurable).toBeDefined();
    const search = await call<{ products: UcpProduct[] }>(agent, 'search_catalog', { catalog: { query: configurable.name } });
    expect(search.products.map((product) => product.sku)).toContain(configurable.sku);
    const { product } = await call<{ product: UcpProduct }>(agent, 'get_product', { catalog: { id: configurable.sku } });
    const variant = product.variants!.find((candidate) => candidate.availability.available && candidate.options.length === product.options!.length)!;
    expect(variant, 'an in-stock variant with every option').toBeDefined();
    const options = Object.fromEntries(variant.options.map((option) => [product.options!.find((candidate) => candidate.name === option.name)!.code, option.label]));

    // A cart with the configurable's options, then a second line replaced away by update_cart.
    const cart = await call<{ id: string; line_items: Array<{ id: string; quantity: number; options: Record<string, string> }> }>(agent, 'create_cart', {
      cart: { line_items: [{ item: { id: configurable.sku }, quantity: 1, options }] },
    });
    expect(cart.id).toBe('account');
    const line = cart.line_items.at(-1)!;
    expect(Object.values(line.options).sort()).toEqual(Object.values(options).map(String).sort());
    const updated = await call<typeof cart>(agent, 'update_cart', { id: cart.id, cart: { line_items: [{ id: line.id, item: { id: configurable.sku }, quantity: 2 }] } });
    expect(updated.line_items).toEqual([expect.objectContaining({ id: line.id, quantity: 2 })]);

    // Checkout of the cart: shipping quoted, the test card pays, the order comes back.
    const created = await call<Checkout>(agent, 'create_checkout', { checkout: { cart_id: cart.id, fulfillment: { destination: ADDRESS } } });
    expect(created.fulfillment.options.length).toBeGreaterThan(0);
    const ready = await call<Checkout>(agent, 'update_checkout', { id: created.id, checkout: { fulfillment: { selected_option_id: created.fulfillment.options[0]!.id } } });
    expect(ready.status).toBe('ready_for_complete');
    expect(CheckoutResponseSchema.safeParse(ready).success, 'a UCP checkout (@ucp-js/sdk)').toBe(true);
    const shipping = ready.totals.find((total) => total.type === 'fulfillment')!.amount;
    expect(shipping).toBe(created.fulfillment.options[0]!.totals[0]!.amount);
    const completed = await call<Checkout>(agent, 'complete_checkout', { id: ready.id, checkout: TEST_CARD });
    expect(completed.status).toBe('completed');
    const number = completed.order!.id;

    const order = await call<{ id: string; line_items: Array<{ item: { id: string }; quantity: { total: number }; options: Record<string, string> }>; totals: Array<{ type: string; amount: number }> }>(
      agent,
      'get_order',
      { id: number },
    );
    expect(order.id).toBe(number);
    expect(order.line_items).toEqual([expect.objectContaining({ quantity: { total: 2, fulfilled: 0 } })]);
    expect(order.totals.find((total) => total.type === 'total')!.amount).toBe(ready.totals.find((total) => total.type === 'total')!.amount);

    // The merchant sees the same order with the same line in the admin API.
    const inAdmin = await adminOrder(number);
    expect(inAdmin.email).toBe(SHOPPER.email);
    expect(inAdmin.lines).toHaveLength(1);
    // The variant the agent chose, at the quantity it asked, at the price the checkout showed it.
    expect(inAdmin.lines[0]).toMatchObject({ sku: variant.sku, qty: 2, price: ready.line_items[0]!.item.price / 100 });
    expect(Object.values(inAdmin.lines[0]!.options).sort()).toEqual(Object.values(options).map(String).sort());

    // Completing the same checkout again places no second order (its id names one idempotent attempt).
    const again = (await agent.callTool({ name: 'complete_checkout', arguments: { id: ready.id, checkout: TEST_CARD } })) as CallToolResult;
    if (!again.isError) expect((again.structuredContent as unknown as Checkout).order?.id).toBe(number);
    await agent.close();
  });

  it('a guest agent buys with an email and cannot read orders without a token (401 pointing at the RFC 9728 metadata)', async () => {
    const agent = await connect();
    const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?type=simple&itemsPerPage=100`)).json()) as { member: Array<{ sku: string; finalPrice: number | null; stockStatus: string }> };
    const simple = listing.member.find((product) => product.finalPrice !== null && product.stockStatus === 'in_stock')!;
    const ready = await readyCheckout(agent, [{ item: { id: simple.sku }, quantity: 1 }], 'guest-agent@example.com');
    const completed = await call<Checkout>(agent, 'complete_checkout', { id: ready.id, checkout: TEST_CARD });
    expect(completed.status).toBe('completed');
    expect((await adminOrder(completed.order!.id)).email).toBe('guest-agent@example.com');
    await agent.close();

    const response = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_order', arguments: { id: completed.order!.id } } }, { 'MCP-Protocol-Version': '2025-11-25' });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe(`Bearer resource_metadata="${origin()}/.well-known/oauth-protected-resource"`);
    expect(((await response.json()) as { id: number; error: { message: string } }).error.message).toMatch(/signed-in customer/);
  });
});

describe('B2B gating holds for agents', () => {
  async function tradeSkus(): Promise<string[]> {
    const categories = (await (await fetch(`${shop.backend.url}/api/rest/v2/categories`)).json()) as { member: Array<{ id: number; urlKey: string; children?: unknown[] }> };
    const flat: Array<{ id: number; urlKey: string }> = [];
    const walk = (nodes: Array<{ id: number; urlKey: string; children?: unknown[] }>) => nodes.forEach((node) => (flat.push(node), walk((node.children ?? []) as typeof nodes)));
    walk(categories.member);
    const trade = flat.find((node) => node.urlKey === 'trade-supplies')!;
    const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?categoryId=${trade.id}&itemsPerPage=100`)).json()) as { member: Array<{ sku: string }> };
    return listing.member.map((product) => product.sku);
  }

  it('anonymous sees no Trade Supplies price and cannot buy (the refusal says why); Wholesale sees trade prices and buys', async () => {
    const [sku] = await tradeSkus();
    expect(sku).toBeDefined();
    // The guest's REST answer for the same product: listed, without a price.
    const guestRest = ((await (await fetch(`${shop.backend.url}/api/rest/v2/products?sku=${sku}`)).json()) as { member: Array<{ name: string; finalPrice: number | null }> }).member;
    expect(guestRest).toEqual([expect.objectContaining({ finalPrice: null })]);
    const anonymous = await connect();
    const { product: guestView } = await call<{ product: UcpProduct }>(anonymous, 'get_product', { catalog: { id: sku } });
    const found = (await call<{ products: UcpProduct[] }>(anonymous, 'search_catalog', { catalog: { query: guestRest[0]!.name } })).products.filter((product) => product.sku === sku);
    const looked = (await call<{ products: UcpProduct[] }>(anonymous, 'lookup_catalog', { catalog: { ids: [sku] } })).products;
    expect(found, 'search finds it, as the guest REST list does').toHaveLength(1);
    expect(looked.map((product) => product.sku)).toEqual([sku]);
    for (const view of [guestView, found[0]!, looked[0]!]) {
      expect(view.price_range).toBeUndefined();
      expect(view.purchasable).toBe(false);
      expect(view.messages?.map((message) => message.code)).toContain('price_hidden');
      expect(JSON.stringify(view)).not.toMatch(/"amount"/);
    }
    const blocked = await refusal(anonymous, 'create_cart', { cart: { line_items: [{ item: { id: sku }, quantity: 1 }] } });
    expect(blocked.error).toBe('purchase_blocked');
    expect(blocked.message.length).toBeGreaterThan(0);
    await anonymous.close();

    const token = await customerToken(WHOLESALE_BUYER);
    const restPrice = ((await (await fetch(`${shop.backend.url}/api/rest/v2/products?sku=${sku}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { member: Array<{ finalPrice: number }> }).member[0]!.finalPrice;
    const wholesale = await connect(token);
    const { product } = await call<{ product: UcpProduct }>(wholesale, 'get_product', { catalog: { id: sku } });
    expect(product.price_range?.min.amount).toBe(Math.round(restPrice * 100));
    expect(product.purchasable).toBe(true);
    const ready = await readyCheckout(wholesale, [{ item: { id: sku }, quantity: 1 }]);
    expect(ready.line_items[0]!.item.price).toBe(Math.round(restPrice * 100));
    const completed = await call<Checkout>(wholesale, 'complete_checkout', { id: ready.id, checkout: TEST_CARD });
    expect(completed.status).toBe('completed');
    // The merchant's order holds the trade price the Wholesale buyer's REST answer names.
    const inAdmin = await adminOrder(completed.order!.id);
    expect(inAdmin.email).toBe(WHOLESALE_BUYER.email);
    expect(inAdmin.lines).toEqual([expect.objectContaining({ sku, qty: 1, price: restPrice })]);
    await wholesale.close();
  });

  it('a product hidden from guests is absent from anonymous search and detail, present for Wholesale', async () => {
    const hidden = 'WO-MUGSTAND';
    const anonymous = await connect();
    const search = await call<{ products: UcpProduct[] }>(anonymous, 'search_catalog', { catalog: { query: 'Mug Display Stand' } });
    expect(search.products.map((product) => product.sku)).not.toContain(hidden);
    expect((await refusal(anonymous, 'get_product', { catalog: { id: hidden } })).error).toBe('product_not_found');
    const lookup = await call<{ products: UcpProduct[]; messages?: Array<{ code: string }> }>(anonymous, 'lookup_catalog', { catalog: { ids: [hidden] } });
    expect(lookup.products).toEqual([]);
    // As for a guest over REST: the hidden product is not listed.
    expect(((await (await fetch(`${shop.backend.url}/api/rest/v2/products?sku=${hidden}`)).json()) as { member: unknown[] }).member).toEqual([]);
    await anonymous.close();

    const wholesale = await connect(await customerToken(WHOLESALE_BUYER));
    const seen = await call<{ products: UcpProduct[] }>(wholesale, 'search_catalog', { catalog: { query: 'Mug Display Stand' } });
    expect(seen.products.map((product) => product.sku)).toContain(hidden);
    await wholesale.close();
  });

  it('a token the backend refuses is a 401 with the challenge, never a guest view', async () => {
    const response = await rpc(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_catalog', arguments: { catalog: { query: 'tent' } } } },
      { Authorization: 'Bearer not-a-token', 'MCP-Protocol-Version': '2025-11-25' },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toContain('resource_metadata=');
  });
});

describe('the wire: both protocol revisions, and errors as JSON-RPC names them', () => {
  const modern = (method: string, params: Record<string, unknown> = {}, id: number | string = 1) => ({
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
  });

  it('negotiates 2025-11-25 through the initialize handshake (the official client)', async () => {
    const client = await connect();
    const transport = (client as unknown as { _transport: StreamableHTTPClientTransport })._transport;
    expect(transport.protocolVersion).toBe('2025-11-25');
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    await client.close();
  });

  it('serves 2026-07-28 statelessly: server/discover, then calls with no handshake, each result with resultType', async () => {
    const headers = { 'MCP-Protocol-Version': '2026-07-28' };
    const discover = await rpc(modern('server/discover'), headers);
    expect(discover.status).toBe(200);
    const discovered = (await discover.json()) as { result: { resultType: string; supportedVersions: string[]; capabilities: { tools?: object }; serverInfo: { name: string } } };
    expect(discovered.result).toMatchObject({ resultType: 'complete', capabilities: { tools: {} } });
    expect(discovered.result.supportedVersions).toEqual(expect.arrayContaining(['2026-07-28', '2025-11-25']));
    expect(discover.headers.get('Mcp-Session-Id')).toBeNull();

    const list = (await (await rpc(modern('tools/list', {}, 2), headers)).json()) as { result: { resultType: string; tools: Array<{ name: string }> } };
    expect(list.result.resultType).toBe('complete');
    expect(list.result.tools.map((tool) => tool.name)).toContain('search_catalog');
    const search = (await (await rpc(modern('tools/call', { name: 'search_catalog', arguments: { catalog: { query: 'tent' } } }, 3), headers)).json()) as {
      result: { resultType: string; structuredContent: { products: unknown[] } };
    };
    expect(search.result.resultType).toBe('complete');
    expect(search.result.structuredContent.products.length).toBeGreaterThan(0);

    const unsupported = await rpc({ ...modern('tools/list'), params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } });
    expect(unsupported.status).toBe(400);
    expect(((await unsupported.json()) as { error: { code: number; data: { supported: string[] } } }).error).toMatchObject({ code: ErrorCode.InvalidParams, data: { supported: expect.arrayContaining(['2026-07-28']) } });
  });

  it('a malformed message is -32700 or -32600, an unknown tool -32602, bad arguments a tool error naming the field; never a 5xx', async () => {
    const notJson = await rpc('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: number } }).error.code).toBe(ErrorCode.ParseError);

    const notRpc = await rpc({ hello: 'world' });
    expect(notRpc.status).toBe(400);
    expect(((await notRpc.json()) as { error: { code: number } }).error.code).toBe(ErrorCode.InvalidRequest);

    const client = await connect();
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toSatisfy((error: unknown) => error instanceof McpError && error.code === ErrorCode.InvalidParams);
    // MCP 2025-11-25 (tools, "Error Handling"): arguments that fail the input schema are a tool execution error.
    const bad = (await client.callTool({ name: 'search_catalog', arguments: { catalog: { query: 42 } } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/query/);
    const badCheckout = (await client.callTool({ name: 'complete_checkout', arguments: { id: 'forged', checkout: TEST_CARD } })) as CallToolResult;
    expect(badCheckout.structuredContent).toMatchObject({ error: 'checkout_not_found' });
    await client.close();

    for (const body of [[], { jsonrpc: '2.0', id: 1, method: 'tools/call', params: 'x' }, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_cart', arguments: { id: '\u0000' } } }]) {
      const response = await rpc(body, { 'MCP-Protocol-Version': '2025-11-25' });
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const get = await fetch(`${origin()}/mcp`);
    expect(get.status).toBe(405);
  });
});

describe('discovery with agent commerce on', () => {
  it('/.well-known/ucp validates against @ucp-js/sdk and names the MCP transport', async () => {
    const response = await fetch(`${origin()}/.well-known/ucp`);
    expect(response.status).toBe(200);
    const profile = await response.json();
    const parsed = UcpDiscoveryProfileSchema.safeParse(profile);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.ucp.services['dev.ucp.shopping']?.mcp?.endpoint).toBe(`${origin()}/mcp`);
    expect(parsed.data?.ucp.capabilities.map((capability) => capability.name)).toEqual(expect.arrayContaining(['dev.ucp.shopping.checkout', 'dev.ucp.shopping.catalog.search']));
  });

  it('/.well-known/oauth-protected-resource has RFC 9728 fields: the MCP resource and the store as its authorization server', async () => {
    const metadata = (await (await fetch(`${origin()}/.well-known/oauth-protected-resource`)).json()) as { resource: string; authorization_servers: string[]; bearer_methods_supported: string[] };
    expect(metadata.resource).toBe(`${origin()}/mcp`);
    expect(metadata.authorization_servers).toEqual([origin()]);
    expect(metadata.bearer_methods_supported).toEqual(['header']);
    // The authorization server's own RFC 8414 metadata is where the resource says.
    expect((await fetch(`${metadata.authorization_servers[0]}/.well-known/oauth-authorization-server`)).status).toBe(200);
  });

  it('the api-catalog links the MCP server, the UCP profile and the protected-resource metadata; the card says available; llms.txt names the server', async () => {
    const catalog = (await (await fetch(`${origin()}/.well-known/api-catalog`)).json()) as { linkset: Array<Record<string, Array<{ href: string }>>> };
    const hrefs = Object.values(catalog.linkset[0]!).flatMap((value) => (Array.isArray(value) ? value.map((link) => link.href) : []));
    expect(hrefs).toEqual(expect.arrayContaining([`${origin()}/mcp`, `${origin()}/.well-known/ucp`, `${origin()}/.well-known/oauth-protected-resource`]));
    const card = (await (await fetch(`${origin()}/.well-known/mcp/server-card.json`)).json()) as { status: string; tools: Array<{ name: string }> };
    expect(card.status).toBe('available');
    expect(card.tools.map((tool) => tool.name)).toContain('complete_checkout');
    const llms = await (await fetch(`${origin()}/llms.txt`)).text();
    expect(llms).toContain(`(${origin()}/mcp)`);
  });
});

describe('limits', () => {
  it('limits /mcp per client IP with a 429 and Retry-After; another IP is unaffected', async () => {
    const ip = '203.0.113.77';
    let limited: Response | undefined;
    // Cheap requests (a parse error each): the limit counts calls, whatever they ask. The limiter's
    // window is a clock minute, so a burst may straddle two: up to 1,000 calls, 25 at a time.
    for (let sent = 0; sent < 1000 && !limited; sent += 25) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => rpc('{', { 'CF-Connecting-IP': ip })));
      for (const response of answers) expect([400, 429]).toContain(response.status);
      limited = answers.find((response) => response.status === 429);
      await Promise.all(answers.filter((response) => response !== limited).map((response) => response.arrayBuffer()));
    }
    expect(limited, 'the limit answered 429').toBeDefined();
    expect(limited!.headers.get('Retry-After')).toBe('60');
    const { message } = ((await limited!.json()) as { error: { message: string } }).error;
    const allowance = /(\d+) calls a minute/.exec(message)?.[1];
    expect(allowance).toBe('300');
    expect((await rpc('{', { 'CF-Connecting-IP': '203.0.113.78' })).status).toBe(400);
    // The README tells operators the limit the server enforces, and what it counts by.
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme.replace(/\s+/g, ' ')).toContain(`\`/mcp\` allows ${allowance} calls a minute per client IP`);
  });
});

describe('agent commerce off (wrangler.toml default)', () => {
  beforeAll(async () => {
    await shop.restartStorefront({ AGENT_COMMERCE: 'off' });
  }, 120_000);

  it('/mcp is SPEC.md 503 with the planned card; the UCP and RFC 9728 documents are absent; llms.txt names only the card', async () => {
    const response = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'mcp_not_available', status: 'planned' });
    expect(((await (await fetch(`${origin()}/.well-known/mcp/server-card.json`)).json()) as { status: string }).status).toBe('planned');
    expect((await fetch(`${origin()}/.well-known/ucp`)).status).toBe(404);
    expect((await fetch(`${origin()}/.well-known/oauth-protected-resource`)).status).toBe(404);
    expect(await (await fetch(`${origin()}/llms.txt`)).text()).not.toContain(`(${origin()}/mcp)`);
  });
});
