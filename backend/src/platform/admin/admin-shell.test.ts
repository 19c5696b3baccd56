/**
 * The admin shell over HTTP: one stylesheet, linked by every page and the login form (which needs
 * no session to load it), with rules for a 390 px phone; grids of customers, orders and products
 * with page numbers, previous and next; attributes written as markup, never as escaped text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminUser } from './ensure-admin.ts';
import { pageNumbers } from './pager.ts';
import customForms from '../../modules/custom-forms/index.ts';
import { asc, eq } from 'drizzle-orm';
import { customers, orders, products, productTypes } from '../db/schema/index.ts';
import { adminBrowser, testAdmin, signedInAdmin } from '../../../test/helpers/admin-session.ts';
import { usAddress } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

const stylesheetLink = '<link rel="stylesheet" href="/admin/admin.css" />';

/** The pager under a grid: its links' texts and targets, and the current page. */
function pagerOf(html: string) {
  const nav = /<nav class="pager" aria-label="Pages">([^]*?)<\/nav>/.exec(html)?.[1];
  if (!nav) return undefined;
  const links = [...nav.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) => ({ text: text!, href: /href="([^"]*)"/.exec(attributes!)?.[1]?.replaceAll('&amp;', '&') }));
  return { links, current: /<a aria-current="page"[^>]*>(\d+)<\/a>/.exec(nav)?.[1] };
}

describe('admin page numbers', () => {
  it('links the first, the last and two either side of the current page, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(6, 12)).toEqual([1, 0, 4, 5, 6, 7, 8, 0, 12]);
    expect(pageNumbers(12, 12)).toEqual([1, 0, 10, 11, 12]);
  });
});

describe.each(dialects)('admin shell (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
    await ensureAdminUser(shop.database.db, testAdmin);
    const [existing] = await shop.database.db.select().from(customers).limit(1);
    await shop.database.db.insert(customers).values(
      Array.from({ length: 110 }, (_, i) => ({
        email: `grid-${i}@example.com`,
        firstName: 'Grid',
        lastName: `Customer ${i}`,
        passwordHash: existing!.passwordHash,
        groupId: existing!.groupId,
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    );
    await shop.database.db.insert(orders).values(
      Array.from({ length: 120 }, (_, i) => ({
        number: `GRID-${i}`,
        storeId: 1,
        email: 'grid@example.com',
        currency: 'USD',
        subtotal: 1,
        shippingAmount: 0,
        grandTotal: 1,
        shippingMethod: 'flatrate',
        paymentMethod: 'test',
        shippingAddress: usAddress,
        billingAddress: usAddress,
        ownerKey: `cart:grid-${i}`,
        idempotencyKey: `grid-${i}`,
        cartId: 1,
      })),
    );
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('serves one stylesheet without a session, linked by the login page and every signed-in page, readable on a phone', async () => {
    const browser = adminBrowser(shop);
    const css = await shop.app.request('/admin/admin.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const text = await css.text();
    expect(text).toMatch(/@media \(max-width:\s*\d+px\)/);
    expect(text).toContain('body.login');
    const login = await browser.request('GET', '/admin/login');
    expect(login.html).toContain(stylesheetLink);
    expect(login.html).toContain('<body class="login">');
    expect(login.html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    await browser.signIn();
    for (const path of ['/admin', '/admin/products', '/admin/customers', '/admin/orders']) {
      const page = await browser.request('GET', path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toContain(stylesheetLink);
      expect(page.html, path).not.toContain('<style>');
    }
  });

  it.each([
    ['/admin/customers', 'customers'],
    ['/admin/orders', 'orders'],
    ['/admin/products', 'products'],
  ])('pages %s with previous, page numbers and next', async (path) => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const first = pagerOf((await browser.request('GET', path)).html);
    expect(first?.current).toBe('1');
    expect(first?.links.map((link) => link.text)).toEqual(expect.arrayContaining(['1', '2', 'Next']));
    expect(first?.links.some((link) => link.text === 'Previous')).toBe(false);
    expect(first?.links.find((link) => link.text === 'Next')?.href).toBe('?page=2');

    const second = pagerOf((await browser.request('GET', `${path}?page=2`)).html);
    expect(second?.current).toBe('2');
    expect(second?.links.find((link) => link.text === 'Previous')?.href).toBe('?page=1');
    expect(second?.links.find((link) => link.text === '1')?.href).toBe('?page=1');
  });

  it('writes its fields\' attributes as markup on every form (a quoted attribute passed as text would be escaped into the value)', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const productPages = [];
    for (const type of productTypes) {
      const [product] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.type, type)).orderBy(asc(products.id)).limit(1);
      if (product) productPages.push(`/admin/products/${product.id}`);
    }
    expect(productPages.length).toBeGreaterThanOrEqual(5);
    const forms = ['/admin/products/new', '/admin/categories/1', '/admin/cms-pages/new', '/admin/blog-posts/new', ...productPages];
    for (const path of forms) {
      const page = await browser.request('GET', path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).not.toMatch(/<[a-z][^>]*=&quot;/);
    }
    expect((await browser.request('GET', '/admin/products/new')).html).toMatch(/<input name="price" value=""\s+type="number" step="0.01" min="0"/);
    // A module's generated configuration form (its number fields' steps).
    const withForms = await openTestShop(dialect, { modules: [customForms] });
    try {
      const moduleAdmin = await signedInAdmin(withForms);
      const config = await moduleAdmin.request('GET', '/admin/custom-forms/config');
      expect(config.status).toBe(200);
      expect(config.html).not.toMatch(/<[a-z][^>]*=&quot;/);
      expect(config.html).toMatch(/<input type="number" name="[^"]*minFillSeconds[^"]*" value="3" step="1"/);
    } finally {
      await withForms.close();
    }
  });

  it('keeps the search in the page links and shows no pager for a single page', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const search = pagerOf((await browser.request('GET', '/admin/customers?q=grid')).html);
    expect(search?.links.find((link) => link.text === 'Next')?.href).toBe('?q=grid&page=2');
    expect(pagerOf((await browser.request('GET', '/admin/customers?q=grid-10%40')).html)).toBeUndefined();
  });
});
