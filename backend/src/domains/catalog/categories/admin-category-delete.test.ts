/**
 * Deleting a category moves the products it held to a category the merchant chooses (issue 17):
 * `DELETE /api/rest/v2/admin/categories/{id}?reassignTo=` (default: its parent; a top-level
 * category holding products needs one, 409 `reassign_required`; itself or an unknown one, 400 on
 * `reassignTo`; nothing changed on a refusal), one membership each in the target, its path
 * redirected there, each product and both categories announced, the count in the audit log. And
 * the category edit page's Delete form with its picker, posted with the CSRF token, refusals inline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Answer {
  id: number;
  urlPath: string;
  categoryIds: number[];
  error?: string;
  details?: unknown;
}
interface AuditEntry {
  action: string;
  subject: string;
  diff: Record<string, { from: unknown; to: unknown }>;
}

describe.each(dialects)('deleting a category, its products reassigned (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const savedProducts: number[] = [];
  const savedCategories: number[] = [];
  const api = (method: string, path: string, json?: unknown) => shop.send<Answer>(method, `/api/rest/v2/admin${path}`, { json, headers: admin });
  const category = async (name: string, urlKey: string, parentId: number | null = null) => (await api('POST', '/categories', { name, urlKey, parentId })).body;
  let serial = 0;
  const product = async (categoryIds: number[]) => {
    serial += 1;
    const created = await api('POST', '/products', { sku: `REASSIGN-${serial}`, name: `Reassigned ${serial}`, urlKey: `reassigned-${serial}`, price: 10, stockQty: 5, categoryIds });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const categoriesOf = async (productId: number) => (await api('GET', `/products/${productId}`)).body.categoryIds;
  const exists = async (id: number) => (await api('GET', `/categories/${id}`)).status === 200;
  const redirects = async () => ((await shop.get('/api/rest/v2/url-redirects?entity=category&itemsPerPage=100')).body as { member: Array<{ from: string; to: string }> }).member;
  const deletion = async (id: number) =>
    ((await shop.send<{ member: AuditEntry[] }>('GET', '/api/rest/v2/admin/audit-log?module=core&itemsPerPage=100', { headers: admin })).body.member.find(
      (entry) => entry.action === 'category.deleted' && entry.subject === `category:${id}`,
    ));

  beforeAll(async () => {
    const probe = defineModule({
      id: 'saved-probe',
      title: 'Probe',
      subscribers: [
        { event: 'catalog_product_saved', handle: (events) => void savedProducts.push(...events.map((event) => event.payload.productId)) },
        { event: 'catalog_category_saved', handle: (events) => void savedCategories.push(...events.map((event) => event.payload.categoryId)) },
      ],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('deletes a subcategory into its parent: its products there once each, its path redirected, all announced and audited', async () => {
    const lamps = await category('Lamps', 'lamps');
    const desk = await category('Desk lamps', 'desk', lamps.id);
    const alone = await product([desk.id]);
    const both = await product([desk.id, lamps.id]);
    savedProducts.length = 0;
    savedCategories.length = 0;

    expect((await api('DELETE', `/categories/${desk.id}`)).status).toBe(204);
    expect(await categoriesOf(alone)).toEqual([lamps.id]);
    expect(await categoriesOf(both)).toEqual([lamps.id]);
    const listed = (await shop.get(`/api/rest/v2/products?categoryId=${lamps.id}&itemsPerPage=100`)).body as { member: Array<{ id: number }> };
    expect(listed.member.map((item) => item.id).sort()).toEqual([alone, both].sort());
    expect(await redirects()).toEqual(expect.arrayContaining([expect.objectContaining({ from: '/lamps/desk', to: '/lamps' })]));
    await expect.poll(() => [...new Set(savedProducts)].sort(), { timeout: 5000 }).toEqual([alone, both].sort());
    await expect.poll(() => [...new Set(savedCategories)].sort(), { timeout: 5000 }).toEqual([lamps.id, desk.id].sort());
    expect((await deletion(desk.id))?.diff).toMatchObject({ urlPath: { to: null }, reassignTo: { to: lamps.id }, productsReassigned: { to: 2 } });
  });

  it('refuses a top-level category holding products without a target (409 on reassignTo), or with itself or an unknown one (400), changing nothing', async () => {
    const outlet = await category('Outlet', 'outlet');
    const held = await product([outlet.id]);
    const before = (await api('GET', `/categories/${outlet.id}`)).headers.get('ETag');

    const required = await api('DELETE', `/categories/${outlet.id}`);
    expect([required.status, required.body.error]).toEqual([409, 'reassign_required']);
    expect(required.body.details).toEqual([expect.objectContaining({ field: 'reassignTo' })]);
    for (const target of [String(outlet.id), '999999', 'lamps', '0']) {
      const refused = await api('DELETE', `/categories/${outlet.id}?reassignTo=${target}`);
      expect([refused.status, refused.body.error], target).toEqual([400, 'invalid_request']);
      expect(refused.body.details, target).toEqual([expect.objectContaining({ field: 'reassignTo' })]);
    }
    expect((await api('GET', `/categories/${outlet.id}`)).headers.get('ETag')).toBe(before);
    expect(await categoriesOf(held)).toEqual([outlet.id]);
    expect(await deletion(outlet.id)).toBeUndefined();
  });

  it('deletes a top-level category into the target named, products already there kept once; one without products needs none', async () => {
    const outlet = (await api('GET', '/categories?search=outlet')).body as unknown as { member: Answer[] };
    const source = outlet.member.find((row) => row.urlPath === 'outlet')!;
    const garden = await category('Garden', 'garden');
    const alreadyThere = await product([source.id, garden.id]);
    const [held] = ((await shop.get(`/api/rest/v2/products?categoryId=${source.id}&itemsPerPage=100`)).body as { member: Array<{ id: number }> }).member.filter((item) => item.id !== alreadyThere);
    savedProducts.length = 0;

    expect((await api('DELETE', `/categories/${source.id}?reassignTo=${garden.id}`)).status).toBe(204);
    expect(await exists(source.id)).toBe(false);
    expect(await categoriesOf(held!.id)).toEqual([garden.id]);
    expect(await categoriesOf(alreadyThere)).toEqual([garden.id]);
    expect(await redirects()).toEqual(expect.arrayContaining([expect.objectContaining({ from: '/outlet', to: '/garden' })]));
    await expect.poll(() => [...new Set(savedProducts)].sort(), { timeout: 5000 }).toEqual([held!.id, alreadyThere].sort());
    expect((await deletion(source.id))?.diff).toMatchObject({ reassignTo: { to: garden.id }, productsReassigned: { to: 2 } });

    const empty = await category('Empty', 'empty-top');
    expect((await api('DELETE', `/categories/${empty.id}`)).status).toBe(204);
    expect((await deletion(empty.id))?.diff).toMatchObject({ reassignTo: { to: null }, productsReassigned: { to: 0 } });
  });

  it('asks on the edit page\'s Delete form where the products go (the parent by default, required at the top), refusals inline', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const clearance = await category('Clearance', 'clearance');
    const old = await category('Old stock', 'old', clearance.id);
    const garden = ((await api('GET', '/categories?search=garden')).body as unknown as { member: Answer[] }).member[0]!;
    const stock = await product([old.id]);
    const deleteForm = (html: string) => /<form method="post" action="[^"]+\/delete">([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';

    // A subcategory: its parent chosen, itself not offered, no empty choice; deleted as the form posts it.
    const childPath = `/admin/categories/${old.id}`;
    const child = deleteForm((await browser.request('GET', childPath)).html);
    expect(child).toContain(`<option value="${clearance.id}" selected>/clearance</option>`);
    expect(child).not.toContain(`value="${old.id}"`);
    expect(child).not.toContain('<option value="">');
    const childDeleted = await browser.submit(childPath, `${childPath}/delete`, { reassignTo: String(clearance.id) });
    expect([childDeleted.status, childDeleted.location]).toEqual([303, '/admin/categories?flash=deleted']);
    expect(await categoriesOf(stock)).toEqual([clearance.id]);

    // A top-level one now holding that product: required, nothing chosen, its own path not offered.
    const path = `/admin/categories/${clearance.id}`;
    const top = deleteForm((await browser.request('GET', path)).html);
    expect(top).toMatch(/<select name="reassignTo" id="delete-reassignTo" aria-describedby="delete-reassignTo-help" required/);
    expect(top).toContain('<option value="">Choose a category</option>');
    expect(top).not.toMatch(/ selected>/);
    expect(top).not.toContain('>/clearance<');
    expect(top).toContain(`<option value="${garden.id}" >/garden</option>`);

    expect((await browser.request('POST', `${path}/delete`, { reassignTo: String(garden.id) })).status).toBe(403);
    const missing = await browser.submit(path, `${path}/delete`, { reassignTo: '' });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('The category was not deleted: see the Delete form at the bottom.');
    expect(deleteForm(missing.html)).toMatch(/aria-invalid="true"[\s\S]*<strong class="error" role="alert">Choose the category that takes its products.<\/strong>/);
    const unknown = await browser.submit(path, `${path}/delete`, { reassignTo: '999999' });
    expect(unknown.status).toBe(400);
    expect(deleteForm(unknown.html)).toContain('<strong class="error" role="alert">No such category.</strong>');
    expect(await exists(clearance.id)).toBe(true);

    const deleted = await browser.submit(path, `${path}/delete`, { reassignTo: String(garden.id) });
    expect([deleted.status, deleted.location]).toEqual([303, '/admin/categories?flash=deleted']);
    expect(await exists(clearance.id)).toBe(false);
    expect(await categoriesOf(stock)).toEqual([garden.id]);
  });
});
