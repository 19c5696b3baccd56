import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { adminBearer, testAdmin } from '../../../../test/helpers/admin-session.ts';
import b2bAccess from '../index.ts';
import type { RuleView } from '../rules/service.ts';
import { b2bAccessRules } from '../tables.ts';

const api = '/api/rest/v2/admin/b2b-access';

/** A real Chromium works the rules grid over HTTP; every outcome is checked through the REST API and the audit log. */
describe('B2B Access Rules grid in a browser', () => {
  let admin: AdminInBrowser;
  let bearer: Record<string, string>;
  let page: Page;
  const call = async <T>(method: string, path: string, json?: unknown): Promise<T> => {
    const response = await fetch(`${admin.url}${path}`, { method, headers: { ...bearer, 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const rules = async () => (await call<{ member: RuleView[] }>('GET', `${api}/rules?itemsPerPage=100`)).member;
  const gridNames = () => page.locator('tr[data-rule-id] td:nth-child(2) > a').allTextContents();

  beforeAll(async () => {
    admin = await openAdminInBrowser({ modules: [b2bAccess] });
    bearer = await adminBearer(admin.shop);
    for (const [name, priority] of [['Wholesale only', 20], ['Trade prices', 10], ['Export block', 30]] as const) {
      await call('POST', `${api}/rules`, { name, priority, actions: { hidePrice: true } });
    }
    // A tree stored before validation existed (or written by hand): the grid must say it never matches.
    const now = new Date();
    await admin.shop.database.db.insert(b2bAccessRules).values({
      name: 'Hand-written tree',
      isActive: true,
      priority: 40,
      scope: { customerGroupIds: [], storeCodes: [], countries: [] },
      conditions: { type: 'combine', aggregator: 'most', conditions: [] },
      legacyCategoryIds: [],
      actions: { hideFromListings: false, hidePrice: true, blockPurchase: false, redirectToCmsPage: null },
      enforcement: 'both',
      createdAt: now,
      updatedAt: now,
    });
    page = await admin.signedInPage();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('lists the rules by priority under Customers, flags the malformed tree, and searches by name', async () => {
    await page.getByRole('link', { name: 'B2B Access Rules' }).click();
    expect(await gridNames()).toEqual(['Trade prices', 'Wholesale only', 'Export block', 'Hand-written tree']);
    await expect.poll(() => page.locator('tr', { hasText: 'Hand-written tree' }).getByRole('note').textContent()).toMatch(/^Malformed tree, never matches: .*aggregator/);
    expect(await page.locator('tr', { hasText: 'Trade prices' }).getByRole('note').count()).toBe(0);
    // The rule's own page says it too, and the tree editor leaves the JSON to the admin.
    await page.getByRole('link', { name: 'Hand-written tree' }).click();
    await expect.poll(() => page.locator('p.error[role=alert]').textContent()).toMatch(/malformed and never matches/);
    await expect.poll(() => page.locator('#condition-editor').textContent()).toMatch(/The stored tree is not one the editor can show: conditions.aggregator must be "all" or "any"/);
    await page.goBack();
    await page.getByLabel('Search by name').fill('whole');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await gridNames()).toEqual(['Wholesale only']);
  });

  it('reorders with Down and Up, deactivates and activates; the API sees each change', async () => {
    await page.goto(`${admin.url}/admin/b2b-access/rules`);
    await page.locator('tr', { hasText: 'Trade prices' }).getByRole('button', { name: 'Down', exact: true }).click();
    await expect.poll(() => page.locator('p.flash').textContent()).toBe('Order saved.');
    expect(await gridNames()).toEqual(['Wholesale only', 'Trade prices', 'Export block', 'Hand-written tree']);
    expect((await rules()).map((rule) => [rule.name, rule.priority])).toEqual([['Wholesale only', 10], ['Trade prices', 20], ['Export block', 30], ['Hand-written tree', 40]]);
    await page.locator('tr', { hasText: 'Export block' }).getByRole('button', { name: 'Up', exact: true }).click();
    expect(await gridNames()).toEqual(['Wholesale only', 'Export block', 'Trade prices', 'Hand-written tree']);

    await page.locator('tr', { hasText: 'Export block' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.locator('p.flash').textContent()).toBe('Deactivated.');
    expect(await page.locator('tr', { hasText: 'Export block' }).locator('td').nth(2).textContent()).toBe('Inactive');
    expect((await rules()).find((rule) => rule.name === 'Export block')?.isActive).toBe(false);
    await page.locator('tr', { hasText: 'Export block' }).getByRole('button', { name: 'Activate', exact: true }).click();
    expect((await rules()).find((rule) => rule.name === 'Export block')?.isActive).toBe(true);
  });

  it('duplicates (inactive copy after the original) and deletes after a confirmation', async () => {
    await page.goto(`${admin.url}/admin/b2b-access/rules`);
    await page.locator('tr', { hasText: 'Trade prices' }).getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => page.locator('p.flash').textContent()).toBe('Duplicated (inactive until you activate it).');
    expect((await rules()).find((rule) => rule.name === 'Trade prices (copy)')).toMatchObject({ isActive: false, actions: { hidePrice: true } });

    await page.goto(`${admin.url}/admin/b2b-access/rules`);
    await page.locator('tr', { hasText: 'Trade prices (copy)' }).getByRole('link', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Delete rule “Trade prices (copy)”?');
    expect((await rules()).some((rule) => rule.name === 'Trade prices (copy)')).toBe(true); // nothing happens before the confirmation
    await page.getByRole('button', { name: 'Delete the rule' }).click();
    await expect.poll(() => page.locator('p.flash').textContent()).toBe('Deleted.');
    expect((await rules()).some((rule) => rule.name === 'Trade prices (copy)')).toBe(false);
  });

  it('records every change in the audit log, by the admin who made it', async () => {
    const log = await call<{ member: { action: string; actor: { email: string } | string }[] }>('GET', '/api/rest/v2/admin/audit-log?module=b2b-access&itemsPerPage=50');
    const byAdmin = log.member.filter((entry) => typeof entry.actor === 'object' && entry.actor.email === testAdmin.email).map((entry) => entry.action);
    expect(byAdmin.reverse()).toEqual(['rule.created', 'rule.created', 'rule.created', 'rule.reordered', 'rule.reordered', 'rule.deactivated', 'rule.activated', 'rule.created', 'rule.deleted']);
  });

  it('answers 404 for a rule id that is not one, and refuses a POST without the CSRF token', async () => {
    expect((await page.goto(`${admin.url}/admin/b2b-access/rules/abc/delete`))?.status()).toBe(404);
    expect((await page.goto(`${admin.url}/admin/b2b-access/rules/999999/delete`))?.status()).toBe(404);
    const forged = await page.request.post(`${admin.url}/admin/b2b-access/rules/1/deactivate`, { form: { _csrf: 'forged' } });
    expect(forged.status()).toBe(403);
    expect((await rules()).every((rule) => rule.name !== 'Wholesale only' || rule.isActive)).toBe(true);
  });
});
