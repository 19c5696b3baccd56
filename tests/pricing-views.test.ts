/**
 * B2B Pricing and the edge cache (DECISIONS.md 60, issue 36): signed-in pages are cached per
 * price-list set, never per customer and never across sets. Two buyers of Harbour Cafés share one
 * copy (the second is a HIT with the company's price and tier table); a buyer of another company, with
 * a list of its own on the same product, gets a copy of their own with their own price; a General
 * shopper and a guest never see a list price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/lib/content/schemas.ts';
import { adminAuthorization, SHOPPER, WHOLESALE_BUYER } from './support/access-module.ts';
import { startShop, type TestShop } from './support/shop.ts';
import { customerToken, wholesaleBuyerIn } from './support/trade-buyers.ts';

const BARISTA = { email: 'barista@harbour-cafes.example', password: 'Harbour#2026' };
const RIVAL = { email: 'rival@roasters.example', password: 'Rival#2026-pass' };
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

let shop: TestShop;
let product: Product;
let harbourPrice: string;
let rivalPrice: string;

const origin = () => shop.storefront.url;

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${shop.backend.url}/api/rest/v2/admin/b2b-pricing${path}`, {
    method,
    headers: { Authorization: await adminAuthorization(shop), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return response.json();
}

/** Signs in through the storefront as its login page does; the session cookie it sets. */
async function sessionCookie(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin()}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin() }, body: JSON.stringify(account) });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.getSetCookie().find((value) => value.startsWith('shop_session='))!.split(';')[0]!;
}

async function view(cookie?: string): Promise<{ cache: string | null; html: string }> {
  const response = await fetch(`${origin()}/${product.urlKey}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(200);
  return { cache: response.headers.get('X-Cache'), html: await response.text() };
}

beforeAll(async () => {
  shop = await startShop();
  // The demo's Harbour Cafés list prices the Trade Supplies packs; a second company lists one of them at its own price.
  const lists = (await admin('GET', '/price-lists?search=harbour')) as { member: { id: number; code: string }[] };
  const harbour = (await admin('GET', `/price-lists/${lists.member.find((list) => list.code === 'harbour-cafes')!.id}`)) as { items: { sku: string; tiers: { minQty: number; price: number }[]; increment?: number }[] };
  const item = harbour.items.find((candidate) => (candidate.increment ?? 1) === 1)!;
  harbourPrice = usd.format(item.tiers[0]!.price);
  const rivalUnit = Number((item.tiers[0]!.price - 0.37).toFixed(2));
  rivalPrice = usd.format(rivalUnit);
  // A Wholesale buyer like Harbour's (B2B Access shows Trade Supplies prices to Wholesale only), of another company.
  await wholesaleBuyerIn(shop, RIVAL, 'US');
  const rival = (await (await fetch(`${shop.backend.url}/api/rest/v2/customers/me`, { headers: { Authorization: `Bearer ${await customerToken(shop, RIVAL)}` } })).json()) as { id: number };
  const list = (await admin('POST', '/price-lists', { code: 'rival-roasters', name: 'Rival Roasters', items: [{ sku: item.sku, tiers: [{ minQty: 1, price: rivalUnit }] }] })) as { id: number };
  await admin('POST', '/companies', { name: 'Rival Roasters', priceListIds: [list.id], buyers: [{ customerId: rival.id, role: 'admin' }] });
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const found = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?sku=${encodeURIComponent(item.sku)}`)).json()) as { member: Product[] };
  product = found.member[0]!;
});
afterAll(async () => {
  await shop?.stop();
});

describe('the edge cache and price-list sets', () => {
  it('shares one copy between the buyers of one company, and never serves it to another company, a General shopper or a guest', async () => {
    const [buyer, barista, rival, general] = await Promise.all([sessionCookie(WHOLESALE_BUYER), sessionCookie(BARISTA), sessionCookie(RIVAL), sessionCookie(SHOPPER)]);

    const first = await view(buyer);
    expect(first.cache).toBe('MISS');
    expect(first.html).toContain(harbourPrice);
    expect(first.html).toContain('Your price by quantity');

    const colleague = await view(barista);
    expect(colleague.cache, 'the same price-list set shares the copy').toBe('HIT');
    expect(colleague.html).toContain(harbourPrice);

    const other = await view(rival);
    expect(other.cache, 'another set has a copy of its own').toBe('MISS');
    expect(other.html).toContain(rivalPrice);
    expect(other.html).not.toContain(harbourPrice);
    expect((await view(rival)).cache).toBe('HIT');

    for (const [who, cookie] of [['General', general], ['guest', undefined]] as const) {
      const page = await view(cookie);
      expect(page.html, who).not.toContain(harbourPrice);
      expect(page.html, who).not.toContain(rivalPrice);
      expect(page.html, who).not.toContain('Your price by quantity');
    }
    // And the first set's copy is still its own.
    const again = await view(buyer);
    expect(again.cache).toBe('HIT');
    expect(again.html).toContain(harbourPrice);
    expect(again.html).not.toContain(rivalPrice);
  });
});
