/**
 * Checkout when the store's payment provider is Stripe, by a shopper in the widget and by an agent over
 * MCP. The widget: the Payment Element mounts in
 * the lightbox's light-DOM slot (Stripe cannot mount inside a shadow root), the intent is created
 * at "Place order" for the final total and confirmed in the browser, and the backend places the
 * order once Stripe says the intent succeeded. Stripe itself is not reachable here: js.stripe.com
 * is answered by a stand-in script (routed by the browser) and api.stripe.com by a local server
 * (the backend's STRIPE_API_BASE), both behaving as Stripe documents for these calls. The agent: no
 * payment handler is offered (an agent cannot type a card into Stripe), and completing the checkout
 * hands it to the buyer (`requires_escalation` with the store's checkout URL) without placing an order.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { serveHostPage, type HostPage } from '../../scripts/lib/host-page.ts';
import type { Product } from '../../src/lib/content/schemas.ts';
import { SHOPPER } from '../support/access-module.ts';
import { seriousViolations, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

let shop: TestShop;
let browser: Browser;
let host: HostPage;
let stripeApi: Server;
let stripeBase: string;
let product: Product;
/** The stand-in api.stripe.com's intents: id → status and amount (minor units). */
const intents = new Map<string, { status: string; amount: number; currency: string }>();

function startStripeApi(): Promise<void> {
  stripeApi = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const answer = (status: number, value: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify(value));
      const intentOut = (id: string) => ({ id, object: 'payment_intent', client_secret: `${id}_secret_abc`, ...intents.get(id)! });
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const form = new URLSearchParams(body);
        const id = `pi_${intents.size + 1}`;
        intents.set(id, { status: 'requires_payment_method', amount: Number(form.get('amount')), currency: form.get('currency') ?? '' });
        return answer(200, intentOut(id));
      }
      const retrieve = /^\/v1\/payment_intents\/(pi_\d+)$/.exec(url.pathname);
      if (request.method === 'GET' && retrieve && intents.has(retrieve[1]!)) return answer(200, intentOut(retrieve[1]!));
      // What Stripe.js's confirmPayment does with the card the shopper typed, in one call.
      const confirm = /^\/test\/confirm\/(pi_\d+)$/.exec(url.pathname);
      if (request.method === 'POST' && confirm && intents.has(confirm[1]!)) {
        intents.get(confirm[1]!)!.status = 'succeeded';
        return answer(200, intentOut(confirm[1]!));
      }
      answer(404, { error: { type: 'invalid_request_error', message: `No route ${request.method} ${url.pathname}` } });
    });
  });
  return new Promise((resolve) => stripeApi.listen(0, '127.0.0.1', () => {
    stripeBase = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
    resolve();
  }));
}

/** Stripe.js as far as the widget uses it: Elements in deferred mode, submit, confirmPayment. */
const fakeStripeJs = (apiBase: string) => `
window.stripeCalls = [];
window.declineNext = false;
window.Stripe = (publishableKey) => ({
  elements(options) {
    window.stripeCalls.push(['elements', publishableKey, options]);
    return {
      create: () => ({ mount(element) {
        window.stripeCalls.push(['mount', element.parentElement.tagName.toLowerCase(), element.slot]);
        element.innerHTML = '<label>Card details <input name="stripe-card" autocomplete="cc-number"></label>';
      } }),
      update(next) { window.stripeCalls.push(['update', next]); },
      submit: async () => ({}),
    };
  },
  async confirmPayment({ clientSecret, redirect }) {
    window.stripeCalls.push(['confirm', clientSecret, redirect]);
    if (window.declineNext) { window.declineNext = false; return { error: { type: 'card_error', message: 'Your card was declined.' } }; }
    await fetch('${apiBase}/test/confirm/' + clientSecret.split('_secret')[0], { method: 'POST' });
    return { paymentIntent: { status: 'succeeded' } };
  },
});`;

beforeAll(async () => {
  await startStripeApi();
  [shop, browser] = await Promise.all([
    startShop({ vars: { AGENT_COMMERCE: 'on' }, backendEnv: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_API_BASE: stripeBase } }),
    launchChromium(),
  ]);
  expect((await shop.manage('/sync')).status).toBe(200);
  const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=50`)).json()) as { member: Product[] };
  product = listing.member.find((candidate) => candidate.type === 'simple' && candidate.finalPrice !== null && candidate.stockStatus === 'in_stock' && !candidate.sku.startsWith('TS-'))!;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A landing page</title></head><body><main>
<div data-shop-product="${product.sku}" style="width:240px"></div></main>
<script src="${shop.storefront.url}/embed.js" data-store="${shop.storefront.url}"></script></body></html>`;
  host = await serveHostPage(html);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await new Promise((resolve) => stripeApi?.close(resolve));
  await shop?.stop();
});

describe('checkout with Stripe', () => {
  it('mounts the Payment Element in the light-DOM slot, shows a decline, then pays and places the order', async () => {
    const { page } = await watchedPage(browser);
    await page.route('https://js.stripe.com/v3/', (route) => route.fulfill({ contentType: 'text/javascript', body: fakeStripeJs(stripeBase) }));
    await page.goto(`${host.origin}/`);
    await page.locator('shop-product-card .open').click();
    await page.locator('shop-lightbox').getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('shop-lightbox').getByRole('button', { name: 'Go to checkout' }).click();

    const box = page.locator('shop-lightbox [role="dialog"]');
    const card = page.locator('shop-lightbox > [slot="payment"] input[name="stripe-card"]');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await box.getByLabel('Card number').count()).toBe(0);
    const calls = () => page.evaluate(() => (window as unknown as { stripeCalls: unknown[][] }).stripeCalls);
    const [elements, mount] = await calls();
    expect(elements).toEqual(['elements', 'pk_test_standin', { mode: 'payment', amount: Math.round(product.finalPrice! * 100), currency: 'usd' }]);
    expect(mount).toEqual(['mount', 'shop-lightbox', 'payment']);
    expect(await seriousViolations(page)).toEqual([]);

    await box.getByLabel('Email', { exact: true }).fill('stripe-buyer@example.com');
    await box.getByLabel('First name').fill('Stri');
    await box.getByLabel('Last name').fill('Pe');
    await box.getByLabel('Street address').fill('2 Market Street');
    await box.getByLabel('City', { exact: true }).fill('Springfield');
    await box.getByLabel('Postcode').fill('62701');
    // The region list comes with the countries, after the form: wait for it (the US, the demo's default, has states).
    await box.getByLabel('State or region').selectOption({ index: 1 });
    await page.evaluate(() => ((window as unknown as { declineNext: boolean }).declineNext = true));
    await box.getByRole('button', { name: /Place order/ }).click();
    await expect.poll(() => box.locator('[role="alert"]').textContent()).toBe('Your card was declined.');
    expect(await box.getByLabel('Street address').inputValue()).toBe('2 Market Street');

    await box.getByRole('button', { name: /Place order/ }).click();
    await expect.poll(() => box.locator('h2').textContent(), { timeout: 15_000 }).toBe('Thank you!');
    const number = (await box.locator('strong').textContent())!;
    // Two intents: the declined attempt's and the paid one, each for the total with shipping.
    expect([...intents.values()].map((intent) => intent.status)).toEqual(['requires_payment_method', 'succeeded']);
    const confirmations = (await calls()).filter(([name]) => name === 'confirm');
    expect(confirmations).toEqual([['confirm', 'pi_1_secret_abc', 'if_required'], ['confirm', 'pi_2_secret_abc', 'if_required']]);
    const lookup = await fetch(`${shop.backend.url}/api/rest/v2/orders/lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ number, email: 'stripe-buyer@example.com', postcode: '62701' }),
    });
    expect(lookup.status).toBe(200);
  });
});

describe('an agent checking out with Stripe', () => {
  it('is offered no card handler and is handed to the buyer at completion; no order is placed', async () => {
    const profile = (await (await fetch(`${shop.storefront.url}/.well-known/ucp`)).json()) as { payment: { handlers: unknown[] } };
    expect(profile.payment.handlers).toEqual([]);

    const agent = new Client({ name: 'stripe-test-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(`${shop.storefront.url}/mcp`)));
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as { id: string; status: string; payment: { handlers: unknown[] }; fulfillment: { options: { id: string }[] }; continue_url: string; messages?: { code: string }[] };
    };
    const destination = { first_name: 'Ada', last_name: 'Lovelace', street_address: '12 Analytical Way', address_locality: 'Springfield', address_region: 'Illinois', postal_code: '62701', address_country: 'US' };
    const created = await call('create_checkout', { checkout: { line_items: [{ item: { id: product.sku }, quantity: 1 }], buyer: { email: 'agent-stripe@example.com' }, fulfillment: { destination } } });
    expect(created.payment.handlers).toEqual([]);
    const ready = await call('update_checkout', { id: created.id, checkout: { fulfillment: { selected_option_id: created.fulfillment.options[0]!.id } } });
    expect(ready.status).toBe('ready_for_complete');
    const intentsBefore = intents.size;
    const completed = await call('complete_checkout', { id: ready.id, checkout: {} });
    expect(completed.status).toBe('requires_escalation');
    expect(completed.messages?.map((message) => message.code)).toEqual(['buyer_payment_required']);
    // The intent was prepared at the provider; nothing was paid or ordered.
    expect([...intents.values()].slice(intentsBefore).map((intent) => intent.status)).toEqual(['requires_payment_method']);
    await agent.close();

    // The person follows continue_url in a fresh browser: the checkout holds the agent's lines, and
    // the cart's token leaves the address bar (it travelled in the fragment, never to a server).
    const continueUrl = new URL(completed.continue_url);
    expect(`${continueUrl.origin}${continueUrl.pathname}`).toBe(`${shop.storefront.url}/checkout`);
    expect(continueUrl.search).toBe('');
    expect(continueUrl.hash).toMatch(/^#cart=[A-Za-z0-9_-]{43}$/);
    const { page } = await watchedPage(browser);
    await page.route('https://js.stripe.com/v3/', (route) => route.fulfill({ contentType: 'text/javascript', body: fakeStripeJs(stripeBase) }));
    await page.goto(completed.continue_url);
    const lines = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
    await expect.poll(() => lines.allTextContents()).toEqual([expect.stringContaining(`${product.name} × 1`)]);
    expect(page.url()).toBe(`${shop.storefront.url}/checkout`);

    // The lines were copied into a cart of the person's own: whoever holds the link (an agent, or
    // anyone who sent it on) never learns its token, and what the person types stays out of theirs.
    const agentToken = continueUrl.hash.slice('#cart='.length);
    const ownToken = await page.evaluate(() => window.localStorage.getItem('shop.cartToken'));
    expect(ownToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ownToken).not.toBe(agentToken);
    await page.getByLabel('Email', { exact: true }).fill('person-typed@example.com');
    await page.getByLabel('Street address').fill('7 Private Lane');
    const readCart = async (token: string) => {
      const answer = await fetch(`${shop.storefront.url}/api/cart`, { headers: { 'X-Cart-Token': token } });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { id: number; items: { sku: string; qty: number }[] };
    };
    const [own, agents] = await Promise.all([readCart(ownToken!), readCart(agentToken)]);
    expect(own.id).not.toBe(agents.id);
    expect(own.items.map(({ sku, qty }) => ({ sku, qty }))).toEqual([{ sku: product.sku, qty: 1 }]);
    expect(agents.items.map(({ sku, qty }) => ({ sku, qty }))).toEqual([{ sku: product.sku, qty: 1 }]);
    expect(JSON.stringify(agents)).not.toMatch(/person-typed|Private Lane/);
    await page.close();
  });

  it("hands a guest cart to a person on the cart page: the agent's lines, in a cart of the person's own", async () => {
    const agent = new Client({ name: 'cart-handoff-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(`${shop.storefront.url}/mcp`)));
    const result = (await agent.callTool({ name: 'create_cart', arguments: { cart: { line_items: [{ item: { id: product.sku }, quantity: 2 }] } } })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const cart = result.structuredContent as { id: string; continue_url: string };
    await agent.close();
    expect(cart.continue_url).toBe(`${shop.storefront.url}/cart#cart=${cart.id}`);

    const { page } = await watchedPage(browser);
    await page.goto(cart.continue_url);
    await expect.poll(() => page.getByRole('spinbutton', { name: `Quantity of ${product.name}` }).inputValue()).toBe('2');
    expect(page.url()).toBe(`${shop.storefront.url}/cart`);
    const ownToken = await page.evaluate(() => window.localStorage.getItem('shop.cartToken'));
    expect(ownToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ownToken).not.toBe(cart.id);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('hands a signed-in customer\'s checkout over without the cart in the link: the person must sign in as them', async () => {
    const tokenAnswer = await fetch(`${shop.storefront.url}/api/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', scope: 'customer', username: SHOPPER.email, password: SHOPPER.password }),
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const agent = new Client({ name: 'stripe-test-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(`${shop.storefront.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as { id: string; status: string; fulfillment: { options: { id: string }[] }; continue_url: string };
    };
    const destination = { first_name: 'Ada', last_name: 'Lovelace', street_address: '12 Analytical Way', address_locality: 'Springfield', address_region: 'Illinois', postal_code: '62701', address_country: 'US' };
    const created = await call('create_checkout', { checkout: { line_items: [{ item: { id: product.sku }, quantity: 1 }], fulfillment: { destination } } });
    const ready = await call('update_checkout', { id: created.id, checkout: { fulfillment: { selected_option_id: created.fulfillment.options[0]!.id } } });
    const completed = await call('complete_checkout', { id: ready.id, checkout: {} });
    expect(completed.status).toBe('requires_escalation');
    expect(completed.continue_url).toBe(`${shop.storefront.url}/checkout`);
    await agent.close();
  });
});
