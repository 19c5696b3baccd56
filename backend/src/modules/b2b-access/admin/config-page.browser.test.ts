import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../platform/db/schema/index.ts';
import { openAdminInBrowser, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { adminBearer, testAdmin } from '../../../../test/helpers/admin-session.ts';
import b2bAccess from '../index.ts';

/** Customers → B2B Access: a real Chromium fills the generated configuration page; the API answers what it saved. */
describe('B2B Access configuration page in a browser', () => {
  let admin: AdminInBrowser;
  beforeAll(async () => {
    admin = await openAdminInBrowser({ modules: [b2bAccess] });
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('saves the pickers as the configuration JSON, and the change is in the audit log', async () => {
    const db = admin.shop.database.db;
    const [root] = await db.select().from(categories).where(isNull(categories.parentId)).orderBy(asc(categories.id)).limit(1);
    const children = await db.select().from(categories).where(eq(categories.parentId, root!.id));
    const page = await admin.signedInPage();
    await page.getByRole('link', { name: 'B2B Access', exact: true }).click();
    await page.waitForURL(`${admin.url}/admin/b2b-access/config`);

    await page.locator('input[type=checkbox][name="enabled"]').check();
    await page.locator('select[name="mode"]').selectOption('rules');
    await page.locator('input[type=checkbox][name="loginWall.enabled"]').check();
    await page.locator('select[name="loginWall.redirectTo"]').selectOption({ label: 'customer-service' });
    await page.locator('select[name="loginWall.exemptCmsPages"]').selectOption(['about-us', 'privacy-policy']);
    await page.locator('input[type=checkbox][name="hidePrice.enabled"]').check();
    await page.locator('textarea[name="hidePrice.message"]').fill('Trade prices are shown to approved trade accounts.');
    await page.locator('input[name="hidePrice.messageByStore.au"]').fill('Trade prices for Australian trade accounts.');
    await page.locator('input[type=checkbox][name="activationMatrix.byCustomerGroup"]').check();
    await page.locator('select[name="activationMatrix.customerGroups"]').selectOption([{ label: 'NOT LOGGED IN (guests)' }, { label: 'General' }]);
    await page.locator('input[type=checkbox][name="activationMatrix.byCategory"]').check();
    await page.locator(`input[type=checkbox][name="activationMatrix.categoryIds"][value="${root!.id}"]`).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('p.flash').textContent()).toBe('Saved.');
    // The category tree now says which subcategories the chosen one brings in.
    expect(await page.locator('.covered').first().textContent()).toContain(children[0]!.name);

    const bearer = await adminBearer(admin.shop);
    const config = await (await fetch(`${admin.url}/api/rest/v2/admin/b2b-access/config`, { headers: bearer })).json();
    expect(config).toEqual({
      enabled: true,
      mode: 'rules',
      loginWall: { enabled: true, redirectTo: 'cms:customer-service', notice: '', exemptCmsPages: ['about-us', 'privacy-policy'] },
      hidePrice: { enabled: true, message: 'Trade prices are shown to approved trade accounts.', blockPurchase: false, messageByStore: { au: 'Trade prices for Australian trade accounts.' } },
      activationMatrix: { byCustomerGroup: true, customerGroups: [0, 1], byCategory: true, categoryIds: [root!.id] },
    });
    const log = (await (await fetch(`${admin.url}/api/rest/v2/admin/audit-log?module=b2b-access`, { headers: bearer })).json()) as { member: { action: string; actor: { email: string }; diff: Record<string, unknown> }[] };
    expect(log.member[0]).toMatchObject({ action: 'config.updated', actor: { email: testAdmin.email }, diff: { 'loginWall.redirectTo': { from: 'login', to: 'cms:customer-service' } } });
  });
});
