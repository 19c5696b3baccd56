/**
 * A downloadable product's Download links section and a gift card's Gift card section on a 390 px
 * phone (issue 17), each also as a refused save shows it (the error by its field): no page scrolls
 * sideways, no serious or critical axe violation; saved by tapping, without the admin's script
 * being needed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/core/db/schema/index.ts';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../helpers/admin-in-browser.ts';
import { testAdmin } from '../helpers/admin-session.ts';
import { seriousViolations } from '../../../tests/support/browser.ts';

describe('downloadable and gift card product pages on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('shows the links and gift card sections, and their errors, within the screen, axe clean', async () => {
    const db = admin.shop.database.db;
    const [download] = await db.select({ id: products.id }).from(products).where(eq(products.type, 'downloadable')).limit(1);
    const [card] = await db.select({ id: products.id }).from(products).where(eq(products.type, 'giftcard')).limit(1);
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

    await page.goto(`${admin.url}/admin/products/${download!.id}`);
    await fits('links');
    const links = page.locator('#links-list');
    await links.fill(`${await links.inputValue()}\nTrailer | 1 | not a web address`);
    await page.getByRole('button', { name: 'Save links' }).tap();
    await page.locator('#links-error').waitFor();
    await fits('links refused');

    await page.goto(`${admin.url}/admin/products/${card!.id}`);
    await fits('gift card');
    await page.locator('input[name="giftcard.amounts"]').fill('');
    await page.getByRole('button', { name: 'Save gift card' }).tap();
    await page.locator('#giftcard-amounts-error').waitFor();
    await fits('gift card refused');
    await context.close();
  });
});
