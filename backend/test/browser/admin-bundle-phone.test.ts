/**
 * A bundle's options on a 390 px phone (issue 17): New product with its option fieldsets and a
 * bundle's page with its Options section, each also as a refused save shows it (the error by its
 * option's field): no page scrolls sideways, no serious or critical axe violation; saved by
 * tapping, without the admin's script being needed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/core/db/schema/index.ts';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../helpers/admin-in-browser.ts';
import { testAdmin } from '../helpers/admin-session.ts';
import { seriousViolations } from '../../../tests/support/browser.ts';

describe('bundle options on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('shows the option fieldsets of New product and of a bundle\'s page, and their errors, within the screen, axe clean', async () => {
    const [bundle] = await admin.shop.database.db.select({ id: products.id }).from(products).where(eq(products.type, 'bundle')).limit(1);
    const context = await admin.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${admin.url}/admin/login`);
    await page.getByLabel('Email').fill(testAdmin.email);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL(`${admin.url}/admin`);
    const fits = async (label: string) => {
      await page.locator('trix-toolbar').first().waitFor();
      expect(await sidewaysScroll(page), label).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), label).toEqual([]);
    };

    await page.goto(`${admin.url}/admin/products/new`);
    await fits('new product');
    await page.getByLabel('Name', { exact: true }).fill('Phone kit');
    await page.getByLabel('SKU', { exact: true }).fill('PHONE-KIT');
    await page.getByLabel(/^URL key/).fill('phone-kit');
    await page.locator('select[name="type"]').selectOption('bundle');
    await page.locator('input[name="bundle.0.title"]').fill('Main');
    await page.locator('#bundle-0-selections').fill('NO-SUCH-SKU');
    await page.getByRole('button', { name: 'Create' }).tap();
    await page.locator('#bundle-0-selections-error').waitFor();
    await fits('new product refused');

    await page.goto(`${admin.url}/admin/products/${bundle!.id}`);
    await fits('bundle page');
    await page.locator('#bundle-0-selections').fill('NO-SUCH-SKU');
    await page.getByRole('button', { name: 'Save options' }).tap();
    await page.locator('#bundle-0-selections-error').waitFor();
    await fits('bundle page refused');
    await context.close();
  });
});
