/**
 * Issue 12 in a real browser: a configurable product edited in the admin's variants grid shows the
 * edited price on its page, its category's card and the cart; its picker marks the options that no
 * in-stock variant offers (with the options chosen so far) disabled and "sold out"; a configurable
 * whose every variant is sold out says so and offers no add-to-cart.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields } from '../../backend/test/helpers/admin-forms.ts';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { CategoryNode, Product } from '../../src/lib/content/schemas.ts';
import { expectAccessible, expectNoProblems, screenshot, untilAddToCartHydrated, watchedPage } from '../support/browser.ts';
import { startShop, type TestShop } from '../support/shop.ts';

const admin = { email: 'admin@example.com', password: 'Admin#Test2026' };
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

let shop: TestShop;
let browser: Browser;
const configurables: Product[] = [];

/** The backend's admin panel over fetch, with its session cookie; saves a product form with changes. */
function adminSession() {
  const cookies = new Map<string, string>();
  async function request(method: string, path: string, form?: Record<string, string>) {
    const response = await fetch(`${shop.backend.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    }
    return { status: response.status, html: await response.text() };
  }
  const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return {
    async signIn() {
      const page = await request('GET', '/admin/login');
      expect((await request('POST', '/admin/login', { ...admin, _csrf: csrfOf(page.html) })).status).toBe(303);
    },
    /** Every input of the product's main form as it stands (its version among them), with `changes` on top. */
    async save(productId: number, changes: (fields: Record<string, string>) => Record<string, string>) {
      const page = await request('GET', `/admin/products/${productId}`);
      // The page's other sections have forms of their own (Add a variant has its own empty SKU). The
      // one form's category boxes are left out (this reader takes every box, ticked or not), so the
      // product's categories stay as they are.
      const all = { enabled: '1', ...formFields(page.html, `/admin/products/${productId}`) };
      const fields = Object.fromEntries(Object.entries(all).filter(([name]) => name !== 'categoryIds' && name !== '_categoryIds'));
      const saved = await request('POST', `/admin/products/${productId}`, { ...fields, ...changes(fields) });
      expect(saved.status, /class="error"[^<]*</.exec(saved.html)?.[0]).toBe(303);
    },
  };
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const sync = await shop.manage('/sync');
  expect(sync.status, await sync.clone().text()).toBe(200);
  const listing = (await (await fetch(`${shop.backend.url}/api/rest/v2/products?itemsPerPage=100`)).json()) as { member: Product[] };
  // The first with three colours at least (so a size sold out in one colour is still sold in another), then any other.
  for (const stub of listing.member.filter((p) => p.type === 'configurable' && p.stockStatus === 'in_stock')) {
    const detail = (await (await fetch(`${shop.backend.url}/api/rest/v2/products/${stub.id}`)).json()) as Product;
    const colours = detail.configurableOptions?.[0]?.values.length ?? 0;
    if (configurables.length === 0 ? colours >= 3 && detail.configurableOptions!.length === 2 : true) configurables.push(detail);
    if (configurables.length === 2) break;
  }
  expect(configurables).toHaveLength(2);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const url = (path: string) => `${shop.storefront.url}${path}`;

describe('configurable products: prices and sold-out options after admin edits', () => {
  it('shows the grid price everywhere and marks sold-out combinations in the picker', async () => {
    const product = configurables[0]!;
    const [color, size] = product.configurableOptions!;
    const [c1, c2] = color!.values;
    const [s1, s2] = size!.values;
    const variantOf = (c: number, s: number) => product.variants!.find((v) => v.attributes[color!.attributeCode] === c && v.attributes[size!.attributeCode] === s)!;
    const cheap = variantOf(c1!.valueIndex, s2!.valueIndex);
    // Sold out: the first colour in the first size, and the second colour in every size. The first
    // size stays on sale in the other colours, so only the choice of the first colour rules it out.
    const soldOut = new Set([variantOf(c1!.valueIndex, s1!.valueIndex).id, ...product.variants!.filter((v) => v.attributes[color!.attributeCode] === c2!.valueIndex).map((v) => v.id)]);

    const session = adminSession();
    await session.signIn();
    await session.save(product.id, (fields) => ({
      ...Object.fromEntries(
        Object.keys(fields)
          .filter((name) => /^variant_\d+_qty$/.test(name))
          .map((name) => [name, soldOut.has(Number(name.split('_')[1])) ? '0' : '5']),
      ),
      [`variant_${cheap.id}_price_1`]: '2.50',
      [`variant_${cheap.id}_special_1`]: '',
    }));
    expect((await shop.manage('/sync/products')).status).toBe(200);

    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url(`/${product.urlKey}`));
    await expect.poll(() => page.locator('.summary .price-row').textContent()).toContain(usd.format(2.5));
    await untilAddToCartHydrated(page);
    const colorSelect = page.getByLabel(color!.label, { exact: true });
    const sizeSelect = page.getByLabel(size!.label, { exact: true });
    const option = (select: typeof colorSelect, label: string) => select.locator('option', { hasText: new RegExp(`^${label}( \\(sold out\\))?$`) });

    // Every combination with the second colour is out of stock: sold out from the start.
    expect(await option(colorSelect, c2!.label).textContent()).toBe(`${c2!.label} (sold out)`);
    expect(await option(colorSelect, c2!.label).isDisabled()).toBe(true);
    expect(await option(sizeSelect, s1!.label).isDisabled()).toBe(false);
    // The first colour chosen, its sold-out size is marked too; the other size is offered.
    await colorSelect.selectOption(String(c1!.valueIndex));
    await expect.poll(() => option(sizeSelect, s1!.label).isDisabled()).toBe(true);
    expect(await option(sizeSelect, s1!.label).textContent()).toBe(`${s1!.label} (sold out)`);
    expect([await option(sizeSelect, s2!.label).isDisabled(), await option(sizeSelect, s2!.label).textContent()]).toEqual([false, s2!.label]);
    await sizeSelect.selectOption(String(s2!.valueIndex));
    await expect.poll(() => page.getByTestId('variant').textContent()).toContain(usd.format(2.5));
    await screenshot(page, 'product-configurable-sold-out-options');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to your cart' }).count()).toBe(1);
    await page.goto(url('/cart'));
    await expect.poll(() => page.locator(`li[data-sku="${cheap.sku}"]`).textContent()).toContain(usd.format(2.5));

    // The category sorted by price: the card carries the same figure, first.
    const tree = (await shop.kv.get<CategoryNode[]>('default:categories', 'json')) ?? [];
    const flat = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
    const category = flat(tree).find((node) => product.categoryIds.includes(node.id) && node.productCount > 0)!;
    await page.goto(url(`/${category.urlPath}?sort=price-asc`));
    const firstCard = page.locator('article.card').first();
    expect(await firstCard.textContent()).toContain(product.name);
    expect(await firstCard.textContent()).toContain(usd.format(2.5));
    expectNoProblems(watched);
    await page.context().close();
  });

  it('says a configurable whose every variant is sold out is sold out, with no add-to-cart', async () => {
    const product = configurables[1]!;
    const session = adminSession();
    await session.signIn();
    await session.save(product.id, (fields) => Object.fromEntries(Object.keys(fields).filter((name) => /^variant_\d+_qty$/.test(name)).map((name) => [name, '0'])));
    expect((await shop.manage('/sync/products')).status).toBe(200);

    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(url(`/${product.urlKey}`));
    await expect.poll(() => page.locator('[data-sold-out]').textContent()).toContain('Sold out');
    expect(await page.getByRole('button', { name: /add to cart/i }).count()).toBe(0);
    expect(await page.locator('.summary .stock').textContent()).toContain('Out of stock');
    for (const value of product.configurableOptions![0]!.values) {
      expect(await page.locator('option', { hasText: `${value.label} (sold out)` }).first().isDisabled()).toBe(true);
    }
    await expectAccessible(page);
    expectNoProblems(watched);
    await page.context().close();
  });
});
