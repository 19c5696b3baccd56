import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../../tests/support/browser.ts';
import customerApproval from '../../modules/customer-approval/index.ts';
import { categories, customers, productImages, products } from '../../platform/db/schema/index.ts';
import { openAdminInBrowser, type AdminInBrowser } from '../../../test/helpers/admin-in-browser.ts';
import { adminBearer } from '../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { aSimpleProduct } from '../../../test/helpers/shop-data.ts';

/**
 * Delete, refund and decline in the admin, and the catalog's removals (a product's image, a variant,
 * an attribute, products deleted in bulk, a category's image): each is red (not Save's blue), asks
 * once naming what will happen, changes nothing when the admin backs out, and once confirmed says what it did.
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
    expect(await page.getByText(/Refunded \$1\.00 \(/).count()).toBe(0);

    await page.getByLabel(/Amount to refund/).fill('1');
    await page.getByRole('button', { name: 'Refund through the payment provider' }).click();
    await question.waitFor();
    await page.getByRole('button', { name: 'Refund $1.00' }).click();
    await page.waitForURL(/flash=saved/);
    expect(await page.getByText(/^Refunded \$1\.00; \$[\d,]+\.\d\d remains\.$/).count()).toBe(1);
    expect(await page.getByText(/Refunded \$1\.00 \(re_test_\w+\)/).count()).toBe(1);
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

  /** Backs out of the question on the page, checking it is accessible and changed nothing. */
  async function cancel(question: string, unchanged: () => Promise<boolean>) {
    await page.getByRole('heading', { name: question }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Cancel, change nothing' }).click();
    await page.waitForLoadState();
    expect(await unchanged()).toBe(true);
  }

  const picture = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#0ea5e9' } }).png().toBuffer();

  it("removes a product's image only once asked, naming the image and the product", async () => {
    const product = await aSimpleProduct(admin.shop.database.db, 2);
    await page.goto(`${admin.url}/admin/products/${product.id}`);
    await page.getByLabel(/^Image file/).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await picture() });
    await page.getByLabel('Alternative text (what the picture shows)').fill('Front view');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/flash=image_added/);
    const images = async () => (await admin.shop.database.db.select().from(productImages).where(eq(productImages.productId, product.id))).length;
    const before = await images();
    expect(before).toBeGreaterThan(0);
    expect(await colorOf('Remove image 1')).toBe(red);

    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await cancel(`Remove image 1 of ${product.name}?`, async () => (await images()) === before);
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await page.waitForURL(/flash=deleted/);
    expect(await page.getByText(`Removed image 1 of ${product.name}.`, { exact: true }).count()).toBe(1);
    expect(await images()).toBe(before - 1);
  });

  it("removes a configurable's variant and attribute only once asked, naming them", async () => {
    const headers = await adminBearer(admin.shop);
    const created = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/products', {
      headers,
      json: {
        type: 'configurable', sku: 'DA-TEE', name: 'Harbour tee', urlKey: 'da-harbour-tee', configurableAttributes: ['color', 'size'],
        variants: ['Red', 'Navy', 'Sage'].map((color) => ({ sku: `DA-TEE-${color.toUpperCase()}`, price: 20, stockQty: 5, attributes: { color, size: 'M' } })),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const exists = async (sku: string) => (await admin.shop.database.db.select({ id: products.id }).from(products).where(eq(products.sku, sku))).length === 1;
    await page.goto(`${admin.url}/admin/products/${id}`);
    expect(await colorOf('Remove variant DA-TEE-SAGE')).toBe(red);

    await page.getByRole('button', { name: 'Remove variant DA-TEE-SAGE' }).click();
    await cancel('Remove the variant DA-TEE-SAGE (Sage / M) of Harbour tee?', () => exists('DA-TEE-SAGE'));
    await page.getByRole('button', { name: 'Remove variant DA-TEE-SAGE' }).click();
    await page.getByRole('button', { name: 'Remove DA-TEE-SAGE' }).click();
    await page.waitForURL(/flash=deleted/);
    expect(await page.getByText('Removed the variant DA-TEE-SAGE (Sage / M).', { exact: true }).count()).toBe(1);
    expect(await exists('DA-TEE-SAGE')).toBe(false);

    const attributes = async () => (await admin.shop.send<{ configurableAttributes: string[] }>('GET', `/api/rest/v2/admin/products/${id}`, { headers })).body.configurableAttributes;
    expect(await colorOf('Remove attribute Size')).toBe(red);
    await page.getByRole('button', { name: 'Remove attribute Size' }).click();
    await cancel('Remove the attribute Size from Harbour tee?', async () => (await attributes()).join() === 'color,size');
    await page.getByRole('button', { name: 'Remove attribute Size' }).click();
    await page.getByRole('button', { name: 'Remove Size' }).click();
    await page.waitForURL(/flash=saved/);
    expect(await page.getByText('Removed the attribute Size from Harbour tee.', { exact: true }).count()).toBe(1);
    expect(await attributes()).toEqual(['color']);
  });

  it('deletes ticked products in bulk only once asked, naming them', async () => {
    const product = await aSimpleProduct(admin.shop.database.db, 3);
    await page.goto(`${admin.url}/admin/products?q=${encodeURIComponent(product.sku)}`);
    const choose = async () => {
      await page.getByRole('checkbox', { name: `Choose ${product.sku}` }).check();
      await page.getByLabel('With the products ticked').selectOption('delete');
      await page.getByRole('button', { name: 'Apply' }).click();
    };
    await choose();
    await cancel(`Delete 1 product (${product.sku})?`, () => productExists(product.id));
    await choose();
    await page.getByRole('button', { name: 'Delete 1 product' }).click();
    await page.getByText('1 product deleted.', { exact: true }).waitFor();
    expect(await productExists(product.id)).toBe(false);
  });

  it("removes a category's image only once asked, naming the category", async () => {
    const headers = await adminBearer(admin.shop);
    const created = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/categories', { json: { name: 'Lanterns to clear', urlKey: 'lanterns-to-clear' }, headers });
    const id = created.body.id;
    const imageOf = async () => (await admin.shop.database.db.select({ file: categories.imageFile }).from(categories).where(eq(categories.id, id)))[0]?.file ?? null;
    await page.goto(`${admin.url}/admin/categories/${id}`);
    const section = page.locator('section#image');
    await section.getByLabel('Image file').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await picture() });
    await section.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/flash=image_added/);
    expect(await imageOf()).not.toBeNull();
    expect(await colorOf('Remove the image')).toBe(red);

    await section.getByRole('button', { name: 'Remove the image' }).click();
    await cancel('Remove the image of Lanterns to clear?', async () => (await imageOf()) !== null);
    await page.locator('section#image').getByRole('button', { name: 'Remove the image' }).click();
    await page.getByRole('button', { name: 'Remove the image' }).click();
    await page.waitForURL(/flash=image_removed/);
    expect(await page.getByText(/^Removed the image of Lanterns to clear;/).count()).toBe(1);
    expect(await imageOf()).toBeNull();
  });
});
