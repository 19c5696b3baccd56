import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPrices, stores } from '../../../platform/db/schema/index.ts';
import { openAdminInBrowser, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { testAdmin } from '../../../../test/helpers/admin-session.ts';
import { aSimpleProduct } from '../../../../test/helpers/shop-data.ts';

/** A real Chromium signs into the admin over HTTP, changes a price in the form and sees it saved. */
describe('admin in a browser', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('logs in, edits a product price and sees it saved', async () => {
    const product = await aSimpleProduct(admin.shop.database.db);
    const [store] = await admin.shop.database.db.select().from(stores).where(eq(stores.isDefault, true));
    const page = await admin.browser.newPage();
    await page.goto(`${admin.url}/admin/products/${product.id}`);
    // Not signed in: the admin sends us to the login form first.
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByLabel('Email').fill(testAdmin.email);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${admin.url}/admin`);

    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('textbox', { name: 'Search products' }).fill(product.sku);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: product.sku }).click();
    const price = page.locator(`input[name="price_${store!.id}"]`);
    await price.fill('123.45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved.');
    expect(await page.locator(`input[name="price_${store!.id}"]`).inputValue()).toBe('123.45');
    const saved = await admin.shop.database.db.select().from(productPrices).where(eq(productPrices.storeId, store!.id));
    expect(saved.find((p) => p.productId === product.id)?.price).toBe(123.45);
    // And the API serves the new price.
    const api = await fetch(`${admin.url}/api/rest/v2/products/${product.id}`);
    expect(((await api.json()) as { price: number }).price).toBe(123.45);
  });
});
