import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../../tests/support/browser.ts';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../../../test/helpers/admin-in-browser.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct } from '../../../test/helpers/shop-data.ts';

/** An order's Refund form on a 390 px phone: within the screen, no serious axe violation, refused and then sent. */
describe('refunding an order in the admin on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });


  it('refuses an amount by its field, then refunds and shows it in the history', async () => {
    const { shop } = admin;
    const product = await aSimpleProduct(shop.database.db);
    const cart = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 }, headers: cart });
    const placed = await shop.send<{ id: number }>('POST', '/api/rest/v2/checkout/place-order', {
      json: placeOrderBody(await payCart(shop, cart)),
      headers: { ...cart, 'idempotency-key': 'browser-refund' },
    });

    const { page, context } = await admin.signedInPhone();
    await page.goto(`${admin.url}/admin/orders/${placed.body.id}`);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(/Amount to refund/).fill('lots');
    await page.getByRole('button', { name: 'Refund through the payment provider' }).tap();
    await page.getByRole('alert').filter({ hasText: 'Type an amount such as 12.50.' }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(/Amount to refund/).fill('1');
    await page.getByLabel(/Reason for refunding/).fill('Late delivery');
    await page.getByRole('button', { name: 'Refund through the payment provider' }).tap();
    await page.getByRole('button', { name: 'Refund $1.00' }).tap();
    await page.waitForURL(/flash=saved/);
    expect(await page.getByText(/Refunded \$1\.00 \(re_test_\w+\): Late delivery/).count()).toBe(1);
    await context.close();
  });
});
