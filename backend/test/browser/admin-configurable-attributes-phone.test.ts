/**
 * A configurable's Attributes section and the variants grid's special price days on a 390 px phone
 * (issue 17): the add form with a value per variant, a refused add and a refused pair of days shown
 * next to their fields — no page scrolls sideways, no serious or critical axe violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../helpers/admin-in-browser.ts';
import { adminBearer, testAdmin } from '../helpers/admin-session.ts';
import { seriousViolations } from '../../../tests/support/browser.ts';

describe('a configurable\'s attributes and variant days on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('shows the Attributes section and the refused forms within the screen, axe clean', async () => {
    const created = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/products', {
      json: {
        type: 'configurable',
        sku: 'PHONE-TEE',
        name: 'Phone tee',
        urlKey: 'phone-tee',
        configurableAttributes: ['color'],
        variants: [
          { sku: 'PHONE-TEE-RED', price: 20, stockQty: 1, attributes: { color: 'Red' } },
          { sku: 'PHONE-TEE-NAVY', price: 21, stockQty: 1, attributes: { color: 'Navy' } },
        ],
      },
      headers: await adminBearer(admin.shop),
    });
    const path = `${admin.url}/admin/products/${created.body.id}`;
    const context = await admin.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${admin.url}/admin/login`);
    await page.getByLabel('Email').fill(testAdmin.email);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL(`${admin.url}/admin`);
    const fits = async (step: string) => {
      await page.locator('trix-toolbar').first().waitFor();
      expect(await sidewaysScroll(page), step).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), step).toEqual([]);
    };

    await page.goto(path);
    expect(await page.locator('#add-attribute').count()).toBe(1);
    await fits('the page');

    await page.getByLabel('PHONE-TEE-RED (Red)').fill('M');
    await page.getByRole('button', { name: 'Add attribute' }).tap();
    await page.getByText('A value of size for PHONE-TEE-NAVY.').waitFor();
    await fits('a refused add');

    await page.goto(path);
    await page.getByLabel('PHONE-TEE-RED special price from').fill('2031-05-10');
    await page.getByLabel('PHONE-TEE-RED special price to').fill('2031-05-01');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.getByText('Special price days: the last day cannot come before the first.').waitFor();
    await fits('refused days');
    await context.close();
  });
});
