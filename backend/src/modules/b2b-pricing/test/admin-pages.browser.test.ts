/**
 * The module's admin pages on a 390 px phone, in the states the storefront flow
 * (admin-price-list.storefront.browser.test.ts) does not open: new and refused forms, the
 * confirmation steps, an item refused by field, the explainer's refused question. Each fits the
 * screen and has no serious axe violation; no page needs a script of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../../../tests/support/browser.ts';
import { openAdminInBrowser, sidewaysScroll, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import b2bPricing from '../index.ts';

describe('B2B Pricing admin pages on a phone', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser({ modules: [b2bPricing] });
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('fit the screen and pass axe, new, refused and confirming', async () => {
    const bearer = await adminBearer(admin.shop);
    const list = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/b2b-pricing/price-lists', { json: { code: 'phone', name: 'Phone', items: [{ sku: 'P-1', tiers: [{ minQty: 1, price: 2 }] }] }, headers: bearer });
    const company = await admin.shop.send<{ id: number }>('POST', '/api/rest/v2/admin/b2b-pricing/companies', { json: { name: 'Phone Co', priceListIds: [list.body.id] }, headers: bearer });
    const { page, context } = await admin.signedInPhone();
    const base = `${admin.url}/admin/b2b-pricing`;
    const check = async (what: string) => {
      expect(await sidewaysScroll(page), what).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), what).toEqual([]);
    };

    await page.goto(`${base}/companies/new`);
    await check('new company');
    await page.getByLabel('Name').fill('Refused Co');
    await page.getByLabel('Net days').fill('30');
    await page.getByLabel('Buyer 1 email').fill('nobody@nowhere.example');
    await page.getByRole('button', { name: 'Save company' }).tap();
    await page.getByRole('alert').filter({ hasText: 'No customer has this email.' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Give both net days and a credit limit, or neither.' }).waitFor();
    await check('refused company');

    await page.goto(`${base}/companies/${company.body.id}/delete`);
    await check('company delete confirmation');

    await page.goto(`${base}/price-lists/new`);
    await page.getByLabel('Code').fill('not a code');
    await page.getByRole('button', { name: 'Save price list' }).tap();
    await page.getByRole('alert').filter({ hasText: 'Letters, digits' }).waitFor();
    await check('refused price list');

    await page.goto(`${base}/price-lists/${list.body.id}/items/new`);
    await page.getByLabel('SKU').fill('P-2');
    await page.getByLabel('Tier 1: from quantity').fill('1');
    await page.getByLabel('Tier 1: price each (list currency)').fill('cheap');
    await page.getByRole('button', { name: 'Save item' }).tap();
    await page.getByRole('alert').filter({ hasText: 'Not a number.' }).waitFor();
    await check('refused item');

    await page.goto(`${base}/price-lists/${list.body.id}/delete`);
    await check('price list delete confirmation');
    await page.goto(`${base}/price-lists/${list.body.id}/items/remove?sku=P-1`);
    await check('item removal confirmation');

    await page.goto(`${base}/explain`);
    await page.getByLabel('Customer email').fill('nobody@nowhere.example');
    await page.getByLabel('SKU').fill('P-1');
    await page.getByRole('button', { name: 'Explain' }).tap();
    await page.getByRole('alert').filter({ hasText: 'No customer has this email.' }).waitFor();
    await check('refused explainer');
    await context.close();
  });
});
