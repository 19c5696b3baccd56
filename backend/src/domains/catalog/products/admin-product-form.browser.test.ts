/**
 * The new-product form and the product page in a real Chromium (issue 33 items 4, 5 and 6), on a
 * desktop and on a 390 px phone, axe clean: the type is chosen first and the form shows that type's
 * fields only; an empty name is answered in words ("Enter a name."); the URL key follows the name;
 * an image goes on with the product; a price asked in each store's currency sells at that price in
 * that store's cart; the product page is one form whose one Save keeps every field, the meta title
 * included, and leaving it asks only when something is really unsaved.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { seriousViolations } from '../../../../../tests/support/browser.ts';

interface Cart {
  items: Array<{ sku: string; price: number }>;
  currency: string;
}

describe('the product admin in a browser', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  const fits = async (page: Page, step: string) => {
    await page.locator('trix-toolbar').first().waitFor();
    expect(await sidewaysScroll(page), step).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), step).toEqual([]);
  };

  /** What a guest's cart in `store` charges for one of `sku`, through the API. */
  async function cartPrice(store: string, sku: string): Promise<Cart> {
    const token = (await fetch(`${admin.url}/api/rest/v2/cart?store=${store}`)).headers.get('x-cart-token')!;
    const added = await fetch(`${admin.url}/api/rest/v2/cart/items?store=${store}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-cart-token': token }, body: JSON.stringify({ sku, qty: 1 }) });
    expect(added.status).toBe(200);
    return (await added.json()) as Cart;
  }

  it('asks for the type first, then shows only its fields; each type its own', async () => {
    const page = await admin.signedInPage();
    await page.goto(`${admin.url}/admin/products/new`);
    await page.locator('input[name="type"][value="bundle"]').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fits(page, 'bundle form');
    expect(await page.locator('fieldset.bundle-option').count()).toBe(3);
    // No other type's fields: no price (a bundle is priced by its parts), no members, links or amounts.
    for (const name of ['price', 'members', 'links', 'giftcard.amounts', 'variant.sku']) expect(await page.locator(`[name="${name}"]`).count(), name).toBe(0);

    // Change: back to the type step with bundle chosen; a grouped product swaps the section.
    await page.getByRole('link', { name: 'Change' }).click();
    expect(await page.locator('input[name="type"][value="bundle"]').isChecked()).toBe(true);
    await page.locator('input[name="type"][value="grouped"]').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.locator('[name="members"]').count()).toBe(1);
    expect(await page.locator('fieldset.bundle-option').count()).toBe(0);
    await page.close();
  });

  it('creates a simple product with an image and a price in each store, answering a blank name in words; each store sells at its own price', async () => {
    const page = await admin.signedInPage();
    await page.goto(`${admin.url}/admin/products/new?type=simple`);
    await fits(page, 'simple form');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    const urlKey = page.getByRole('textbox', { name: /^URL key/ });

    // Nothing typed: refused, in a person's words beside the field.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#name-error').waitFor();
    expect(await page.locator('#name-error').textContent()).toBe('Enter a name.');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.content()).not.toContain('Too small');

    // The URL key follows the name as it is typed.
    await name.fill('Trail Mug, Enamel');
    expect(await urlKey.inputValue()).toBe('trail-mug-enamel');
    await page.getByRole('textbox', { name: /^SKU/ }).fill('MUG-ENAMEL');
    await page.getByLabel('Price, Northfield Supply Co. (USD)').fill('89.50');
    await page.getByLabel('Price, Southern Cross Outfitters (AUD)').fill('139.95');
    await page.getByLabel('Stock quantity').fill('12');
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#b5532a' } }).png().toBuffer();
    await page.getByLabel(/^Image files/).setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel(/^Alternative text \(what the pictures show\)/).fill('An enamel mug');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/products\/\d+\?flash=created/);
    expect(await page.locator('ul.images img[alt="An enamel mug"]').count()).toBe(1);

    const us = await cartPrice('default', 'MUG-ENAMEL');
    const au = await cartPrice('au', 'MUG-ENAMEL');
    expect([us.currency, us.items[0]?.price]).toEqual(['USD', 89.5]);
    expect([au.currency, au.items[0]?.price]).toEqual(['AUD', 139.95]);
    await page.close();
  });

  it('refuses a store left without its price, naming the store', async () => {
    const { page, context } = await admin.signedInPhone();
    await page.goto(`${admin.url}/admin/products/new?type=virtual`);
    await fits(page, 'virtual form on a phone');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Repair voucher');
    await page.getByRole('textbox', { name: /^SKU/ }).fill('REPAIR-VOUCHER');
    await page.getByLabel('Price, Northfield Supply Co. (USD)').fill('20');
    await page.getByRole('button', { name: 'Create' }).tap();
    const refused = page.locator('#storeOverrides-au-price-error');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Enter the price in Southern Cross Outfitters (AUD).');
    expect(await page.getByLabel('Price, Southern Cross Outfitters (AUD)').getAttribute('aria-invalid')).toBe('true');
    await fits(page, 'refused on a phone');
    await context.close();
  });

  it('saves every field of the product page with its one Save, the meta title included, and asks before leaving only when something changed', async () => {
    const page = await admin.signedInPage();
    await page.goto(`${admin.url}/admin/products?q=MUG-ENAMEL`);
    await page.getByRole('link', { name: 'MUG-ENAMEL' }).click();
    await fits(page, 'product page');
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(1);

    // A change typed and undone is none: leaving does not ask.
    const metaTitle = page.locator('input[name="metaTitle"]');
    await metaTitle.fill('Changed');
    await metaTitle.fill('');
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.waitForURL(/\/admin\/products(\?|$)/);
    await page.goBack();

    // The store views' own texts have fields of the same labels: the product's own, by name.
    await page.locator('input[name="name"]').fill('Trail mug, blue enamel');
    await page.getByLabel('Stock quantity').fill('9');
    await metaTitle.fill('Enamel trail mug');
    await page.locator('textarea[name="metaDescription"]').fill('Holds 350 ml.');
    await page.locator('ul.images input[name$=".alt"]').fill('A blue enamel mug');
    // A real change asks before the page is left.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    await page.getByRole('link', { name: 'Products' }).first().click();
    expect(await asked).toBe('beforeunload');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/flash=saved/);
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Trail mug, blue enamel');
    expect(await metaTitle.inputValue()).toBe('Enamel trail mug');
    expect(await page.locator('textarea[name="metaDescription"]').inputValue()).toBe('Holds 350 ml.');
    expect(await page.locator('ul.images img').getAttribute('alt')).toBe('A blue enamel mug');
    const record = (await (await fetch(`${admin.url}/api/rest/v2/products?urlKey=trail-mug-enamel`)).json()) as { member: Array<{ name: string; metaTitle: string; qty: number }> };
    expect(record.member[0]).toMatchObject({ name: 'Trail mug, blue enamel', metaTitle: 'Enamel trail mug', qty: 9 });
    await page.close();
  });
});
