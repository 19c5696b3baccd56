import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../../platform/db/schema/index.ts';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import b2bAccess from '../index.ts';
import { OPERATORS_BY_TYPE } from '../rules/attributes.ts';

const rulesApi = '/api/rest/v2/admin/b2b-access/rules';

/** The admin pages over HTTP with hostile input: a clear 4xx every time, nothing written. */
describe.each(dialects)('B2B Access admin pages refuse bad input (%s)', (dialect) => {
  let shop: TestShop;
  let browser: ReturnType<typeof adminBrowser>;
  let bearer: Record<string, string>;
  const ruleCount = async () => (await shop.send<{ totalItems: number }>('GET', rulesApi, { headers: bearer })).body.totalItems;
  const post = (action: string, fields: Record<string, string>) => browser.submit('/admin/b2b-access/rules/new', action, fields);

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bAccess] });
    bearer = await adminBearer(shop);
    browser = adminBrowser(shop);
    await browser.signIn();
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('needs the admin session', async () => {
    const anonymous = await shop.app.request('/admin/b2b-access/rules');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin/login');
  });

  it('the live count answers JSON errors naming the field: broken JSON, an operator the attribute does not take', async () => {
    const broken = await post('/admin/b2b-access/rules/preview-matches', { conditions: '{"type":' });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.html)).toMatchObject({ error: 'invalid_field', details: { field: 'conditions' } });
    const badOperator = await post('/admin/b2b-access/rules/preview-matches', {
      conditions: JSON.stringify({ type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '=~', value: 'A' }] }),
    });
    expect(badOperator.status).toBe(400);
    expect(JSON.parse(badOperator.html)).toMatchObject({ error: 'invalid_field', details: { field: 'conditions.conditions.0.operator' } });
    const legacy = await post('/admin/b2b-access/rules/preview-matches', { conditions: '', 'legacy.productIds': 'seven' });
    expect(legacy.status).toBe(400);
    expect(JSON.parse(legacy.html)).toMatchObject({ details: { field: 'legacy.productIds.0' } });
  });

  it.each([
    [{ name: '', enforcement: 'both' }, 'name'],
    [{ name: 'R', priority: 'first', enforcement: 'both' }, 'priority'],
    [{ name: 'R', 'scope.customerGroupIds': 'guests', enforcement: 'both' }, 'scope.customerGroupIds.0'],
    [{ name: 'R', 'scope.countries': 'USA', enforcement: 'both' }, 'scope.countries.0'],
    [{ name: 'R', enforcement: 'always' }, 'enforcement'],
    [{ name: 'R', enforcement: 'both', 'actions.redirectToCmsPage': '../admin' }, 'actions.redirectToCmsPage'],
    [{ name: 'R', enforcement: 'both', conditions: '[1,2' }, 'conditions'],
  ])('a rule form with %j is shown again with the problem beside %s, and nothing is saved', async (fields, field) => {
    const answer = await post('/admin/b2b-access/rules', fields);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(`data-field="${field}"`);
    expect(await ruleCount()).toBe(0);
  });

  it('every field of the rule form reaches the API as the rule (checkbox tree, lists, blanks as null)', async () => {
    const db = shop.database.db;
    const [category] = await db.select().from(categories).orderBy(asc(categories.id)).limit(1);
    const twoProducts = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(2);
    const page = await browser.request('GET', '/admin/b2b-access/rules/new');
    const form = new URLSearchParams({ _csrf: browser.csrfOf(page.html), name: '  Legacy lists  ', priority: '7', isActive: 'false', enforcement: 'checkout', hiddenPriceMessage: ' ', conditions: '' });
    for (const [name, value] of [
      ['scope.customerGroupIds', '0'], ['scope.customerGroupIds', '2'], ['scope.storeCodes', 'au'], ['scope.countries', 'NZ'],
      ['legacy.categoryIds', String(category!.id)], ['legacy.productIds', twoProducts.map((p) => p.id).join(', ')],
      ['actions.blockPurchase', 'false'], ['actions.blockPurchase', 'true'], ['actions.redirectToCmsPage', 'about-us'],
    ]) form.append(name!, value!);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const saved = await shop.app.request('/admin/b2b-access/rules', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: form.toString() });
    expect(saved.status).toBe(303);
    const id = Number(/\/rules\/(\d+)\?flash=created$/.exec(saved.headers.get('location') ?? '')?.[1]);
    const { body } = await shop.send('GET', `${rulesApi}/${id}`, { headers: bearer });
    expect(body).toEqual({
      id,
      name: 'Legacy lists',
      isActive: false,
      priority: 7,
      scope: { customerGroupIds: [0, 2], storeCodes: ['au'], countries: ['NZ'] },
      conditions: null,
      legacy: { categoryIds: [category!.id], productIds: twoProducts.map((p) => p.id) },
      actions: { hideFromListings: false, hidePrice: false, blockPurchase: true, redirectToCmsPage: 'about-us' },
      enforcement: 'checkout',
      hiddenPriceMessage: null,
      malformed: null,
    });
    expect((await shop.send('DELETE', `${rulesApi}/${id}`, { headers: bearer })).status).toBe(204);
  });

  it('the explain page says what is wrong with its question', async () => {
    const badGroup = await browser.request('GET', '/admin/b2b-access/explain?sku=X&customerGroupId=-1');
    expect(badGroup.status).toBe(400);
    expect(badGroup.html).toMatch(/role="alert">customerGroupId: /);
    const unknown = await browser.request('GET', '/admin/b2b-access/explain?sku=NO-SUCH-SKU');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('No product with SKU NO-SUCH-SKU.');
    const badStore = await browser.request('GET', '/admin/b2b-access/explain?sku=X&store=..%2F');
    expect(badStore.status).toBe(400);
  });

  it('unknown rule ids are 404, and only the editor scripts are served, as JavaScript under a CSP without inline scripts', async () => {
    expect((await browser.request('GET', '/admin/b2b-access/rules/0')).status).toBe(404);
    expect((await browser.request('GET', '/admin/b2b-access/rules/12345')).status).toBe(404);
    expect((await post('/admin/b2b-access/rules/12345/activate', {})).status).toBe(404);
    expect((await browser.request('GET', '/admin/b2b-access/assets/rule-form.ts')).status).toBe(404);
    const wildcard = await browser.request('GET', '/admin/b2b-access/rules/sku-options?q=%25');
    expect(JSON.parse(wildcard.html)).toEqual([]); // "%" is matched literally, not as "anything"
    const script = await browser.request('GET', '/admin/b2b-access/assets/condition-editor.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const editor = await browser.request('GET', '/admin/b2b-access/rules/new');
    expect(editor.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(editor.headers.get('content-security-policy')).not.toContain('script-src');
    expect(editor.html).toContain('<script type="module" src="/admin/b2b-access/assets/condition-editor.js"></script>');
    // The editor offers exactly the module's operators per attribute type, and its attribute catalog.
    const catalog = JSON.parse(/<script type="application\/json" id="condition-catalog">(.*?)<\/script>/s.exec(editor.html)![1]!);
    expect(catalog.operatorsByType).toEqual(OPERATORS_BY_TYPE);
    expect(catalog.attributes).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'sku', type: 'sku' }), expect.objectContaining({ code: 'category_ids', type: 'category' })]));
  });
});
