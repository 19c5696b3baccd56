import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminInBrowser, type AdminInBrowser } from '../../../../test/helpers/admin-in-browser.ts';
import { adminBearer, testAdmin } from '../../../../test/helpers/admin-session.ts';
import { aSimpleProduct } from '../../../../test/helpers/shop-data.ts';
import b2bAccess from '../index.ts';
import type { RuleView } from '../rules/service.ts';

const api = '/api/rest/v2/admin/b2b-access';

/** A real Chromium builds a rule in the condition-tree editor; the API, the grid, the live count and the explain page agree. */
describe('B2B Access rule editor and explain page in a browser', () => {
  let admin: AdminInBrowser;
  let bearer: Record<string, string>;
  let page: Page;
  let sku: string;
  /** Script errors and CSP refusals the page reports: the editor must run under the admin's CSP without any. */
  const pageProblems: string[] = [];
  const call = async <T>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${admin.url}${path}`, { method, headers: { ...bearer, 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) });
    return { status: response.status, body: (await response.json()) as T };
  };
  const count = () => page.locator('#match-count');
  /** What the module's own count says for a tree (the same service the editor's endpoint calls). */
  const expectedCount = async (conditions: unknown) => (await call<{ count: number }>('POST', `${api}/rules/preview-matches`, { conditions, legacy: { categoryIds: [], productIds: [] } })).body.count;

  beforeAll(async () => {
    admin = await openAdminInBrowser({ modules: [b2bAccess] });
    bearer = await adminBearer(admin.shop);
    sku = (await aSimpleProduct(admin.shop.database.db)).sku;
    page = await admin.signedInPage();
    // Fail a step within the test's time, with the step named, rather than time the whole test out.
    page.setDefaultTimeout(8_000);
    page.on('pageerror', (error) => pageProblems.push(error.message));
    page.on('console', (message) => {
      // A 4xx page the test asks for on purpose logs "Failed to load resource"; anything else is a problem.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageProblems.push(message.text());
    });
  });
  afterAll(async () => {
    expect(pageProblems).toEqual([]);
    await admin?.close();
  });

  it('creates a rule with a nested tree; the live count follows the tree; the grid, the API and the audit log show it', async () => {
    await page.goto(`${admin.url}/admin/b2b-access/rules`);
    await page.getByRole('link', { name: 'Add a rule' }).click();
    await page.getByLabel('Name').fill('Gate one product');
    await page.getByLabel('Priority').fill('10');
    await page.getByLabel('Hide price').check();
    await page.getByLabel('Customer groups').selectOption([{ label: 'NOT LOGGED IN (guests)' }, { label: 'General' }]);
    await page.getByRole('button', { name: 'Add conditions' }).click();
    const root = page.locator('#condition-editor > fieldset');
    const leaf = (scope: Locator) => scope.locator(':scope > ul > li.condition').first();
    await leaf(root).getByLabel('Attribute').selectOption('sku');
    await leaf(root).getByLabel('Operator').selectOption('==');
    await leaf(root).getByLabel('Value').fill(sku);
    // The SKU picker suggests the product as the admin types.
    await expect.poll(() => page.locator(`#sku-options option[value="${sku}"]`).count()).toBe(1);
    await leaf(root).getByLabel('Value').press('Tab');
    const oneSku = { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '==', value: sku }] };
    await expect.poll(() => count().textContent()).toMatch(/^Matches 1 product /);

    // A nested "any" group that no product satisfies (a price no product has): nothing matches any more...
    await root.getByRole('button', { name: 'Add group' }).last().click();
    const nested = root.locator('fieldset');
    await nested.getByRole('button', { name: 'Add condition' }).click();
    await nested.getByLabel('Aggregator').selectOption('any');
    await leaf(nested).getByLabel('Attribute').selectOption('price');
    await leaf(nested).getByLabel('Operator').selectOption('>=');
    await leaf(nested).getByLabel('Value').fill('99999999');
    await leaf(nested).getByLabel('Value').press('Tab');
    await expect.poll(() => count().textContent()).toBe('Matches 0 products.');
    // ...and "are false" turns the group around: the product matches again.
    await nested.getByLabel('Expected').selectOption('false');
    const tree = {
      ...oneSku,
      conditions: [...oneSku.conditions, { type: 'combine', aggregator: 'any', value: false, conditions: [{ type: 'attribute', attribute: 'price', operator: '>=', value: 99999999 }] }],
    };
    await expect.poll(() => count().textContent()).toMatch(/^Matches 1 product /);
    expect(await expectedCount(tree)).toBe(1);
    expect(JSON.parse(await page.locator('textarea[name="conditions"]').inputValue())).toEqual(tree);

    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => page.locator('p.flash').textContent()).toBe('Created.');
    const listed = (await call<{ member: RuleView[] }>('GET', `${api}/rules`)).body.member;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'Gate one product', priority: 10, isActive: true, scope: { customerGroupIds: [0, 1] }, actions: { hidePrice: true }, conditions: tree, malformed: null });
    await page.getByRole('link', { name: 'All rules' }).click();
    expect(await page.locator('tr[data-rule-id] td:nth-child(2) > a').allTextContents()).toEqual(['Gate one product']);
    const log = (await call<{ member: { action: string; actor: { email: string } }[] }>('GET', '/api/rest/v2/admin/audit-log?module=b2b-access')).body.member;
    expect(log[0]).toMatchObject({ action: 'rule.created', actor: { email: testAdmin.email } });
  });

  it('edits a rule; the service names the field inside the tree that is wrong, next to the tree, and nothing changes', async () => {
    const [rule] = (await call<{ member: RuleView[] }>('GET', `${api}/rules`)).body.member;
    await page.goto(`${admin.url}/admin/b2b-access/rules/${rule!.id}`);
    const broken = { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '>', value: sku }] };
    await page.locator('textarea[name="conditions"]').fill(JSON.stringify(broken));
    await page.getByRole('button', { name: 'Save rule' }).click();
    const problem = page.locator('strong.error[data-field^="conditions.conditions.0"]');
    await expect.poll(() => problem.count()).toBe(1);
    expect(JSON.parse(await page.locator('textarea[name="conditions"]').inputValue())).toEqual(broken);
    expect((await call<RuleView>('GET', `${api}/rules/${rule!.id}`)).body.conditions).toEqual(rule!.conditions);

    await page.locator('textarea[name="conditions"]').fill('');
    await page.getByLabel('Name').fill('Gate every product');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => page.locator('p.flash').textContent()).toBe('Saved.');
    expect((await call<RuleView>('GET', `${api}/rules/${rule!.id}`)).body).toMatchObject({ name: 'Gate every product', conditions: null });
    const log = (await call<{ member: { action: string; subject: string }[] }>('GET', '/api/rest/v2/admin/audit-log?module=b2b-access')).body.member;
    expect(log[0]).toMatchObject({ action: 'rule.updated', subject: `rule:${rule!.id}` });
  });

  it('explains which rule decided each context and why an earlier rule did not fire', async () => {
    expect((await call('PUT', `${api}/config`, { enabled: true, mode: 'rules' })).status).toBe(200);
    await call('POST', `${api}/rules`, { name: 'Wholesale first', priority: 0, scope: { customerGroupIds: [2] }, actions: { hideFromListings: true } });
    await page.goto(`${admin.url}/admin/b2b-access/rules`);
    await page.getByRole('link', { name: 'Explain a decision' }).click();
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Customer group').selectOption({ label: 'NOT LOGGED IN (guests)' });
    await page.getByRole('button', { name: 'Explain' }).click();
    const visibility = page.getByRole('region', { name: 'Visibility' });
    await expect.poll(() => visibility.locator('p').textContent()).toMatch(/Rule Gate every product \(#\d+\) decided\./);
    expect(await visibility.locator('tr', { hasText: 'Wholesale first' }).locator('td').nth(1).textContent()).not.toBe('');
    const answer = (await call<{ contexts: { visibility: { decidedBy: { name: string } } } }>('GET', `${api}/explain?sku=${encodeURIComponent(sku)}&customerGroupId=0`)).body;
    expect(answer.contexts.visibility.decidedBy.name).toBe('Gate every product');

    await page.getByLabel('SKU').fill('NO-SUCH-SKU-123');
    await page.getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/NO-SUCH-SKU-123|SKU/);
  });
});
