import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../../tests/support/browser.ts';
import customerApproval from '../../modules/customer-approval/index.ts';
import { customers, products } from '../../platform/db/schema/index.ts';
import { openAdminInBrowser, type AdminInBrowser } from '../../../test/helpers/admin-in-browser.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct } from '../../../test/helpers/shop-data.ts';

/**
 * Delete, refund and decline in the admin: each is red (not Save's blue), asks once naming what will
 * happen, changes nothing when the admin backs out, and once confirmed says what it did.
 */
describe('destructive admin actions', () => {
  let admin: AdminInBrowser;
  let page: Page;
  beforeAll(async () => {
    admin = await openAdminInBrowser({ modules: [customerApproval] });
    page = await admin.signedInPage();
  });
  afterAll(async () => {
    await admin?.close();
  });

  const colorOf = (name: string) => page.getByRole('button', { name }).evaluate((button) => button.ownerDocument.defaultView!.getComputedStyle(button).color);
  const red = 'rgb(185, 28, 28)';
  const productExists = async (id: number) => (await admin.shop.database.db.select({ id: products.id }).from(products).where(eq(products.id, id))).length === 1;

  async function placeOrder(sku: string) {
    const { shop } = admin;
    const cart = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 }, headers: cart });
    const placed = await shop.send<{ id: number; number: string }>('POST', '/api/rest/v2/checkout/place-order', {
      json: placeOrderBody(await payCart(shop, cart)),
      headers: { ...cart, 'idempotency-key': `destructive-${randomBytes(4).toString('hex')}` },
    });
    expect(placed.status).toBe(201);
    return placed.body;
  }

  it('deletes a product that was ordered only once asked, naming it and its orders', async () => {
    const product = await aSimpleProduct(admin.shop.database.db, 1);
    await placeOrder(product.sku);
    await page.goto(`${admin.url}/admin/products/${product.id}`);
    expect(await colorOf('Delete this product')).toBe(red);

    await page.getByRole('button', { name: 'Delete this product' }).click();
    await page.getByRole('heading', { name: `Delete ${product.name} (SKU ${product.sku})?` }).waitFor();
    expect(await page.getByText('It has 1 order; they keep their lines.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Cancel, change nothing' }).click();
    await page.waitForURL(`${admin.url}/admin/products/${product.id}`);
    expect(await productExists(product.id)).toBe(true);

    await page.getByRole('button', { name: 'Delete this product' }).click();
    await page.getByRole('button', { name: `Delete ${product.name}` }).click();
    await page.waitForURL(/\/admin\/products\?flash=deleted/);
    expect(await page.getByText(`Deleted ${product.name}.`, { exact: true }).count()).toBe(1);
    expect(await productExists(product.id)).toBe(false);
    // Said once: the next page does not repeat it.
    await page.reload();
    expect(await page.getByText(`Deleted ${product.name}.`, { exact: true }).count()).toBe(0);
  });

  it('refunds only once asked, naming the amount, the order and the customer, then says what remains', async () => {
    const product = await aSimpleProduct(admin.shop.database.db);
    const order = await placeOrder(product.sku);
    await page.goto(`${admin.url}/admin/orders/${order.id}`);
    expect(await colorOf('Refund through the payment provider')).toBe(red);

    await page.getByLabel(/Amount to refund/).fill('1');
    await page.getByLabel(/Reason for refunding/).fill('Scratched');
    await page.getByRole('button', { name: 'Refund through the payment provider' }).click();
    const question = page.getByRole('heading', { name: new RegExp(`^Refund \\$1\\.00 of order ${order.number} to .+\\?$`) });
    await question.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Cancel, change nothing' }).click();
    await page.waitForURL(`${admin.url}/admin/orders/${order.id}`);
    expect(await page.getByText(/Refunded 1\.00 USD/).count()).toBe(0);

    await page.getByLabel(/Amount to refund/).fill('1');
    await page.getByRole('button', { name: 'Refund through the payment provider' }).click();
    await question.waitFor();
    await page.getByRole('button', { name: 'Refund $1.00' }).click();
    await page.waitForURL(/flash=saved/);
    expect(await page.getByText(/^Refunded \$1\.00; \$[\d,]+\.\d\d remains\.$/).count()).toBe(1);
    expect(await page.getByText(/Refunded 1\.00 USD \(re_test_\w+\)/).count()).toBe(1);
  });

  it('declines a customer from the grid only once asked, naming them', async () => {
    const email = `riley-${randomBytes(4).toString('hex')}@example.com`;
    const created = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: { email, password: 'Original#2026', firstName: 'Riley', lastName: 'Chen' } });
    expect(created.status).toBe(201);
    const statusOf = async () => (await admin.shop.database.db.select().from(customers).where(eq(customers.id, created.body.id)))[0]?.approvalStatus;
    await page.goto(`${admin.url}/admin/customers?q=${encodeURIComponent(email)}`);
    const before = await statusOf();
    expect(await colorOf('Decline')).toBe(red);

    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('heading', { name: 'Decline Riley Chen?' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Cancel, change nothing' }).click();
    await page.waitForURL(/\/admin\/customers$/);
    expect(await statusOf()).toBe(before);

    await page.goto(`${admin.url}/admin/customers?q=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('button', { name: 'Decline the account' }).click();
    await page.waitForURL(/flash=saved/);
    expect(await page.getByText('Declined Riley Chen.', { exact: true }).count()).toBe(1);
    expect(await statusOf()).toBe('rejected');
  });
});
