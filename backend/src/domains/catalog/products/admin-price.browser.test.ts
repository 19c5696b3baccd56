import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, productPrices, stores } from '../../../platform/db/schema/index.ts';
import { openAdminInBrowser, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { testAdmin } from '../../../../test/helpers/admin-session.ts';
import { aConfigurableChoice, aSimpleProduct } from '../../../../test/helpers/shop-data.ts';

/** The page's prompts ("Leave site?" is `beforeunload`), each dismissed: the page stays. */
function dismissedPrompts(page: Page): string[] {
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  return prompts;
}

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

  it('keeps every field of the page on its one Save: the meta title, a variant\'s price and the name, with no "Leave site?" prompt', async () => {
    const { parent, variant } = await aConfigurableChoice(admin.shop.database.db);
    const [store] = await admin.shop.database.db.select().from(stores).where(eq(stores.isDefault, true));
    const page = await admin.signedInPage();
    const prompts = dismissedPrompts(page);
    await page.goto(`${admin.url}/admin/products/${parent.id}`);
    const price = page.locator(`input[name="variant_${variant.id}_price_${store!.id}"]`);
    await page.locator('input[name="metaTitle"]').fill('One save keeps me');
    await price.fill('61.25');
    await page.locator('input[name="name"]').fill('Renamed on one save');
    // The page's only Save: the content's and the type's parts have none of their own.
    await expect.poll(() => page.getByRole('button', { name: /^Save/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved.');

    await page.reload();
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Renamed on one save');
    expect(await page.locator('input[name="metaTitle"]').inputValue()).toBe('One save keeps me');
    expect(await page.locator(`input[name="variant_${variant.id}_price_${store!.id}"]`).inputValue()).toBe('61.25');
    expect(prompts).toEqual([]);
    await page.close();
  });

  it('asks before leaving a page whose only change is an image\'s alternative text (a field outside the form, joined to it)', async () => {
    const product = await aSimpleProduct(admin.shop.database.db);
    const [image] = await admin.shop.database.db.insert(productImages).values({ productId: product.id, file: `alt-only-${product.id}.webp`, label: 'Old words' }).returning();
    const page = await admin.signedInPage();
    const prompts = dismissedPrompts(page);
    await page.goto(`${admin.url}/admin/products/${product.id}`);
    await page.locator(`input[name="image_${image!.id}_alt"]`).fill('A brass lamp on a desk');
    const editing = page.url();
    await page.getByRole('link', { name: 'Products' }).first().click();
    await expect.poll(() => prompts).toEqual(['beforeunload']);
    expect(page.url()).toBe(editing);
    await page.close();
  });
});
