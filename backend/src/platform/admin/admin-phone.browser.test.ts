import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import storefrontConnector from '../../modules/storefront-connector/index.ts';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../../../test/helpers/admin-in-browser.ts';
import { adminBearer, testAdmin } from '../../../test/helpers/admin-session.ts';
import { seriousViolations } from '../../../../tests/support/browser.ts';

/**
 * The admin on a 390 px phone: the login form is styled by the shell's stylesheet, no page scrolls
 * sideways, the pages pass axe, those answering a post (validation errors, an import's report, a
 * refused delete) too. One backend and one Chromium for all (each browser test file costs CI time).
 */
describe('admin on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    // The storefront connector for its admin page, the sync log (unconfigured here: its syncs fail, logged).
    admin = await openAdminInBrowser({ modules: [storefrontConnector] });
  });
  afterAll(async () => {
    await admin?.close();
  });


  it('signs in on a styled form and shows the dashboard and grids within the screen width', async () => {
    const context = await admin.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${admin.url}/admin/login`);
    // The stylesheet applies: the form sits on a white card, its fields span the card.
    expect(await page.evaluate<string>("getComputedStyle(document.querySelector('main')).backgroundColor")).toBe('rgb(255, 255, 255)');
    const field = await page.getByLabel('Email').boundingBox();
    expect(field!.width).toBeGreaterThan(250);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.getByLabel('Email').fill(testAdmin.email);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL(`${admin.url}/admin`);
    for (const path of ['/admin', '/admin/products', '/admin/customers', '/admin/orders', '/admin/products?page=2', '/admin/cms-pages', '/admin/cms-pages/new', '/admin/cms-pages/1', '/admin/cms-pages/1/preview', '/admin/blog-posts', '/admin/blog-posts/new', '/admin/categories/new', '/admin/categories/1']) {
      await page.goto(`${admin.url}${path}`);
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
    }
    // The content editors (issue 17): no serious or critical axe violation.
    for (const path of ['/admin', '/admin/cms-pages', '/admin/cms-pages/new', '/admin/cms-pages/1', '/admin/cms-pages/1/preview', '/admin/blog-posts', '/admin/blog-posts/new', '/admin/categories', '/admin/categories/new', '/admin/categories/1', '/admin/products/new', '/admin/products/1', '/admin/products/import', '/admin/orders', '/admin/customers']) {
      await page.goto(`${admin.url}${path}`);
      // The rich-text editor loads after the page: checked with its toolbar in place.
      if (['/admin/cms-pages/new', '/admin/cms-pages/1', '/admin/blog-posts/new', '/admin/categories/new', '/admin/categories/1', '/admin/products/new', '/admin/products/1'].includes(path)) await page.locator('trix-toolbar').first().waitFor();
      // The categories grid is checked with its drag-and-drop script's additions in place.
      if (path === '/admin/categories') await page.locator('tr[draggable="true"]').first().waitFor();
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  }, 120_000);

  /** Within the screen width and without serious or critical axe violations; soft, so one run names every page that fails. */
  async function expectFits(page: Page, what: string) {
    expect.soft(await sidewaysScroll(page), what).toBeLessThanOrEqual(0);
    expect.soft(await seriousViolations(page), what).toEqual([]);
  }

  it('shows records\' own pages, the sync log and the pages answering a post within the screen width, axe clean', async () => {
    const bearer = await adminBearer(admin.shop);
    const post = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/blog-posts', {
      json: { identifier: 'phone-post', title: 'A post read on a phone', content: '<p>Short.</p>', tags: ['phones', 'reading'] },
      headers: bearer,
    });
    const customer = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: { email: 'phone.reader@example.com', firstName: 'Phone', lastName: 'Reader', password: 'Phone#Read2026' } });
    expect([post.status, customer.status]).toEqual([201, 201]);
    const { page, context } = await admin.signedInPhone();

    await page.goto(`${admin.url}/admin/blog-posts/${post.body.id}`);
    await page.locator('trix-toolbar').first().waitFor();
    await expectFits(page, 'a blog post\'s edit page');
    await page.goto(`${admin.url}/admin/customers/${customer.body.id}`);
    await expectFits(page, 'a customer\'s page');

    // The sync log with a row in it: Sync Now fails on the unconfigured storefront and says why.
    await page.goto(`${admin.url}/admin/storefront-connector`);
    await page.getByRole('button', { name: 'Sync Now' }).tap();
    await page.getByText('Sync failed: see the log below.').waitFor();
    await page.locator('td', { hasText: 'not configured' }).first().waitFor();
    await expectFits(page, 'the storefront connector\'s sync log');

    // An import's dry run with a refused row: its report and the table of problems.
    await page.goto(`${admin.url}/admin/products/import`);
    await page.setInputFiles('input[name="file"]', { name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from('sku,name,url_key,price\nPHONE-LAMP-1,Phone lamp,phone-lamp-1,12\nPHONE-LAMP-2,Phone lamp two,phone-lamp-2,not-a-price\n') });
    await page.getByRole('button', { name: 'Import' }).tap();
    await page.getByRole('heading', { name: 'Dry run: nothing was changed' }).waitFor();
    await page.getByText('2 rows: 1 to create, 0 to update, 1 refused.').waitFor();
    await expectFits(page, 'the CSV import\'s report');

    // The CMS page and category forms refused: the messages next to their fields.
    await page.goto(`${admin.url}/admin/cms-pages/new`);
    await page.locator('trix-toolbar').first().waitFor();
    await page.getByLabel('Identifier').fill('Not an identifier!');
    await page.getByRole('button', { name: 'Save' }).tap();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.locator('trix-toolbar').first().waitFor();
    await expectFits(page, 'the CMS page form with its errors');
    await page.goto(`${admin.url}/admin/categories/new`);
    await page.locator('trix-toolbar').first().waitFor();
    await page.getByLabel('URL key').fill('Not a key!');
    await page.getByRole('button', { name: 'Save' }).tap();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.locator('trix-toolbar').first().waitFor();
    await expectFits(page, 'the category form with its errors');

    // A top-level category holding a product, deleted with no category chosen for its products (as a browser without form validation sends it).
    const outlet = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/categories', { json: { name: 'Phone outlet', urlKey: 'phone-outlet' }, headers: bearer });
    const held = await admin.shop.send('POST', '/api/rest/v2/admin/products', {
      json: { sku: 'PHONE-OUTLET-1', name: 'Outlet lamp', urlKey: 'phone-outlet-lamp', price: 9, stockQty: 1, categoryIds: [outlet.body.id] },
      headers: bearer,
    });
    expect(held.status).toBe(201);
    await page.goto(`${admin.url}/admin/categories/${outlet.body.id}`);
    await page.locator('#delete-reassignTo').evaluate((select) => (select as unknown as { required: boolean }).required = false);
    await page.getByRole('button', { name: 'Delete this category' }).tap();
    await page.getByText('Choose the category that takes its products.').waitFor();
    await page.locator('trix-toolbar').first().waitFor();
    await expectFits(page, 'the category edit page with its refused delete');
    await context.close();
  }, 120_000);
});
