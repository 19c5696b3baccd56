import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../helpers/admin-in-browser.ts';
import { testAdmin } from '../helpers/admin-session.ts';
import { seriousViolations } from '../../../tests/support/browser.ts';

/** The admin on a 390 px phone: the login form is styled by the shell's stylesheet, no page scrolls sideways, the content editors pass axe. */
describe('admin on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
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
    for (const path of ['/admin', '/admin/products', '/admin/customers', '/admin/orders', '/admin/products?page=2', '/admin/cms-pages', '/admin/cms-pages/1', '/admin/cms-pages/1/preview', '/admin/blog-posts', '/admin/blog-posts/new', '/admin/categories/1']) {
      await page.goto(`${admin.url}${path}`);
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
    }
    // The content editors (issue 17): no serious or critical axe violation.
    for (const path of ['/admin/cms-pages', '/admin/cms-pages/1', '/admin/cms-pages/1/preview', '/admin/blog-posts', '/admin/blog-posts/new', '/admin/categories', '/admin/categories/1', '/admin/products/new', '/admin/products/1', '/admin/products/import', '/admin/orders', '/admin/customers']) {
      await page.goto(`${admin.url}${path}`);
      // The rich-text editor loads after the page: checked with its toolbar in place.
      if (['/admin/cms-pages/1', '/admin/blog-posts/new', '/admin/categories/1', '/admin/products/new', '/admin/products/1'].includes(path)) await page.locator('trix-toolbar').first().waitFor();
      // The categories grid is checked with its drag-and-drop script's additions in place.
      if (path === '/admin/categories') await page.locator('tr[draggable="true"]').first().waitFor();
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});
