/**
 * The product pages of every type made of parts on a 390 px phone (issue 17), each also as a refused
 * save shows it (the error by its field): a configurable's variants grid, Add a variant, Attributes
 * section and variant sale days; a grouped product's member list; a bundle's option fieldsets (New
 * product and its page); a downloadable product's links and a gift card's settings. No page scrolls
 * sideways, no serious or critical axe violation; saved by tapping, without the admin's script being
 * needed. One backend and one Chromium for all: each starts in seconds.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLinks, products, type ProductType } from '../../../platform/db/schema/index.ts';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { seriousViolations } from '../../../../../tests/support/browser.ts';

describe('product pages of every composite type on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser();
  });
  afterAll(async () => {
    await admin?.close();
  });

  /** The page as it is now fits the screen and passes axe (once its editors are drawn). */
  const fits = async (page: Page, step: string) => {
    await page.locator('trix-toolbar').first().waitFor();
    expect(await sidewaysScroll(page), step).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), step).toEqual([]);
  };
  const firstOfType = async (type: ProductType) => {
    const [product] = await admin.shop.database.db.select({ id: products.id }).from(products).where(eq(products.type, type)).limit(1);
    return product!.id;
  };

  it('shows the variants grid, the add-variant form and the member list within the screen, axe clean', async () => {
    const configurable = await firstOfType('configurable');
    const [grouped] = await admin.shop.database.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(productLinks, and(eq(productLinks.productId, products.id), eq(productLinks.linkType, 'grouped')))
      .where(eq(products.type, 'grouped'))
      .limit(1);
    const { page, context } = await admin.signedInPhone();
    for (const id of [configurable, grouped!.id]) {
      const path = `/admin/products/${id}`;
      await page.goto(`${admin.url}${path}`);
      await fits(page, path);
      expect(await page.locator(id === configurable ? '#add-variant' : '#members-list').count(), path).toBe(1);
    }
    await context.close();
  });

  it('shows a configurable\'s Attributes section and the refused forms (an add, a pair of days) within the screen, axe clean', async () => {
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
    const { page, context } = await admin.signedInPhone();
    await page.goto(path);
    expect(await page.locator('#add-attribute').count()).toBe(1);
    await fits(page, 'the page');

    await page.getByLabel('PHONE-TEE-RED (Red)').fill('M');
    await page.getByRole('button', { name: 'Add attribute' }).tap();
    await page.getByText('A value of size for PHONE-TEE-NAVY.').waitFor();
    await fits(page, 'a refused add');

    await page.goto(path);
    await page.getByLabel('PHONE-TEE-RED special price from').fill('2031-05-10');
    await page.getByLabel('PHONE-TEE-RED special price to').fill('2031-05-01');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.getByText('Special price days: the last day cannot come before the first.').waitFor();
    await fits(page, 'refused days');
    await context.close();
  });

  it('shows the option fieldsets of New product and of a bundle\'s page, and their errors, within the screen, axe clean', async () => {
    const bundle = await firstOfType('bundle');
    const { page, context } = await admin.signedInPhone();
    await page.goto(`${admin.url}/admin/products/new`);
    await fits(page, 'new product');
    // Only the chosen type's fields show (issue 33 item 5): a simple product's price, no bundle options.
    const visibleSections = () => page.locator('fieldset[data-types]:visible > legend').allTextContents();
    expect(await visibleSections()).toEqual([expect.stringMatching(/^Simple, virtual and downloadable/)]);
    await page.getByRole('button', { name: 'Create' }).tap();
    await page.getByText('Give the product a name.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Phone kit: Été');
    await page.getByLabel('SKU', { exact: true }).fill('PHONE-KIT');
    // The URL key follows the name until the merchant types in it.
    expect(await page.getByLabel(/^URL key/).inputValue()).toBe('phone-kit-ete');
    await page.getByLabel(/^URL key/).fill('phone-kit');
    await page.getByLabel('Name', { exact: true }).fill('Phone kit');
    expect(await page.getByLabel(/^URL key/).inputValue()).toBe('phone-kit');
    await page.locator('select[name="type"]').selectOption('bundle');
    expect(await visibleSections()).toEqual([expect.stringMatching(/^Bundles/)]);
    await page.locator('input[name="bundle.0.title"]').fill('Main');
    await page.locator('#bundle-0-selections').fill('NO-SUCH-SKU');
    await page.getByRole('button', { name: 'Create' }).tap();
    await page.locator('#bundle-0-selections-error').waitFor();
    await fits(page, 'new product refused');

    await page.goto(`${admin.url}/admin/products/${bundle}`);
    await fits(page, 'bundle page');
    await page.locator('#bundle-0-selections').fill('NO-SUCH-SKU');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.locator('#bundle-0-selections-error').waitFor();
    await fits(page, 'bundle page refused');
    await context.close();
  });

  it('shows a downloadable product\'s links and a gift card\'s section, and their errors, within the screen, axe clean', async () => {
    const [download, card] = [await firstOfType('downloadable'), await firstOfType('giftcard')];
    const { page, context } = await admin.signedInPhone();
    await page.goto(`${admin.url}/admin/products/${download}`);
    await fits(page, 'links');
    const links = page.locator('#links-list');
    await links.fill(`${await links.inputValue()}\nTrailer | 1 | not a web address`);
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.locator('#links-error').waitFor();
    await fits(page, 'links refused');

    await page.goto(`${admin.url}/admin/products/${card}`);
    await fits(page, 'gift card');
    await page.locator('input[name="giftcard.amounts"]').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.locator('#giftcard-amounts-error').waitFor();
    await fits(page, 'gift card refused');
    await context.close();
  });
});
