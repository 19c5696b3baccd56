/**
 * The product pages of the types made of children on a 390 px phone (issue 17): a configurable's
 * variants grid and Add a variant form, a grouped product's member list — no page scrolls sideways,
 * no serious or critical axe violation.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLinks, products } from '../../src/core/db/schema/index.ts';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../helpers/admin-in-browser.ts';
import { testAdmin } from '../helpers/admin-session.ts';
import { seriousViolations } from '../../../tests/support/browser.ts';

describe('configurable and grouped product pages on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });


  it('shows the variants grid, the add-variant form and the member list within the screen, axe clean', async () => {
    const db = admin.shop.database.db;
    const [configurable] = await db.select({ id: products.id }).from(products).where(eq(products.type, 'configurable')).limit(1);
    const [grouped] = await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(productLinks, and(eq(productLinks.productId, products.id), eq(productLinks.linkType, 'grouped')))
      .where(eq(products.type, 'grouped'))
      .limit(1);
    const context = await admin.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${admin.url}/admin/login`);
    await page.getByLabel('Email').fill(testAdmin.email);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL(`${admin.url}/admin`);
    for (const id of [configurable!.id, grouped!.id]) {
      const path = `/admin/products/${id}`;
      await page.goto(`${admin.url}${path}`);
      await page.locator('trix-toolbar').first().waitFor();
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
      expect(await page.locator(id === configurable!.id ? '#add-variant' : '#members-list').count(), path).toBe(1);
    }
    await context.close();
  });
});
