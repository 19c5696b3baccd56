/**
 * The admin categories API (DECISIONS.md 42, issue 17) over HTTP: create in the tree, change a URL
 * key or parent (the paths below follow, each old path kept as a redirect), refuse moves into
 * itself, taken paths and stale versions, delete a leaf (its products go to the parent, its path
 * redirects there) but not a category with subcategories; every save announced to the connector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Category {
  id: number;
  parentId: number | null;
  name: string;
  urlKey: string;
  urlPath: string;
  level: number;
}
type Answer = Category & { error?: string; details?: unknown; member?: Category[]; totalItems?: number };
interface Redirect {
  from: string;
  to: string;
  entity: string;
}

describe.each(dialects)('admin categories API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const saved: number[] = [];
  const api = (method: string, path = '', json?: unknown, headers: Record<string, string> = {}) =>
    shop.send<Answer>(method, `/api/rest/v2/admin/categories${path}`, { json, headers: { ...admin, ...headers } });
  const all = async () => (await api('GET', '?itemsPerPage=100')).body.member!;
  const redirects = async () => ((await shop.get('/api/rest/v2/url-redirects?entity=category&itemsPerPage=100')).body as { member: Redirect[] }).member;

  beforeAll(async () => {
    const probe = defineModule({ id: 'saved-probe', title: 'Probe', subscribers: [{ event: 'catalog_category_saved', handle: (events) => void saved.push(...events.map((event) => event.payload.categoryId)) }] });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('creates a category under a parent, its path below the parent\'s, announced', async () => {
    const top = (await all()).find((category) => category.level === 1)!;
    const created = await api('POST', '', { name: 'Trail kits', urlKey: 'trail-kits', parentId: top.id, description: '<p onclick="x()">Kits</p>' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ urlPath: `${top.urlPath}/trail-kits`, level: 2, parentId: top.id, description: '<p>Kits</p>' });
    const child = await api('POST', '', { name: 'Day kits', urlKey: 'day', parentId: created.body.id });
    expect(child.body.urlPath).toBe(`${top.urlPath}/trail-kits/day`);
    await expect.poll(() => saved.includes(child.body.id), { timeout: 5000 }).toBe(true);
    const tree = (await shop.get('/api/rest/v2/categories')).body as { member: Array<{ id: number; children: Array<{ urlPath: string }> }> };
    expect(tree.member.find((node) => node.id === top.id)!.children.map((node) => node.urlPath)).toContain(`${top.urlPath}/trail-kits`);
  });

  it('moves the paths below a new URL key and keeps every old path as a redirect, flattened', async () => {
    const kits = (await all()).find((category) => category.urlKey === 'trail-kits')!;
    const etag = (await api('GET', `/${kits.id}`)).headers.get('ETag')!;
    const renamed = await api('PATCH', `/${kits.id}`, { urlKey: 'hiking-kits', name: 'Hiking kits' }, { 'If-Match': etag });
    expect(renamed.status).toBe(200);
    const parentPath = kits.urlPath.slice(0, kits.urlPath.lastIndexOf('/'));
    expect((await all()).find((category) => category.urlKey === 'day')!.urlPath).toBe(`${parentPath}/hiking-kits/day`);
    expect((await api('PATCH', `/${kits.id}`, { name: 'Lost' }, { 'If-Match': etag })).status).toBe(412);
    // Moved again to the top: the first old path now leads to the newest one, no chain.
    const top = await api('PATCH', `/${kits.id}`, { parentId: null });
    expect(top.body).toMatchObject({ urlPath: 'hiking-kits', level: 1 });
    expect((await all()).find((category) => category.urlKey === 'day')).toMatchObject({ urlPath: 'hiking-kits/day', level: 2 });
    expect(await redirects()).toEqual(
      expect.arrayContaining([
        { from: `/${parentPath}/trail-kits`, to: '/hiking-kits', entity: 'category' },
        { from: `/${parentPath}/trail-kits/day`, to: '/hiking-kits/day', entity: 'category' },
        { from: `/${parentPath}/hiking-kits`, to: '/hiking-kits', entity: 'category' },
      ]),
    );
  });

  it('refuses a move into its own subtree, a taken path, and hostile input, changing nothing', async () => {
    const categories = await all();
    const kits = categories.find((category) => category.urlKey === 'hiking-kits')!;
    const day = categories.find((category) => category.urlKey === 'day')!;
    const into = await api('PATCH', `/${kits.id}`, { parentId: day.id });
    expect([into.status, JSON.stringify(into.body.details)]).toEqual([400, expect.stringContaining('"field":"parentId"')]);
    const other = categories.find((category) => category.level === 1 && category.id !== kits.id)!;
    expect((await api('PATCH', `/${kits.id}`, { urlKey: other.urlKey })).body.error).toBe('url_taken');
    for (const body of [{ name: 'x', urlKey: 'Bad Key' }, { name: '', urlKey: 'ok' }, { name: 'x', urlKey: 'ok', parentId: 999999 }, { name: 'x', urlKey: 'ok', colour: 'red' }]) {
      expect((await api('POST', '', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await all()).length).toBe(categories.length);
  });

  it('deletes a leaf into its parent (products and path) but not a category with subcategories', async () => {
    const categories = await all();
    const kits = categories.find((category) => category.urlKey === 'hiking-kits')!;
    const day = categories.find((category) => category.urlKey === 'day')!;
    expect((await api('DELETE', `/${kits.id}`)).body.error).toBe('has_subcategories');
    // A product in the leaf, through the public listing afterwards.
    const product = ((await shop.get('/api/rest/v2/products?itemsPerPage=1')).body as { member: Array<{ id: number; sku: string }> }).member[0]!;
    await shop.database.db.execute(`insert into product_categories (category_id, product_id, position) values (${day.id}, ${product.id}, 0)` as never);
    expect((await api('DELETE', `/${day.id}`)).status).toBe(204);
    const inParent = (await shop.get(`/api/rest/v2/products?categoryId=${kits.id}&itemsPerPage=100`)).body as { member: Array<{ sku: string }> };
    expect(inParent.member.map((item) => item.sku)).toContain(product.sku);
    expect(await redirects()).toEqual(expect.arrayContaining([{ from: '/hiking-kits/day', to: '/hiking-kits', entity: 'category' }]));
    const log = await shop.send<{ member: { action: string }[] }>('GET', '/api/rest/v2/admin/audit-log?module=core', { headers: admin });
    expect(log.body.member.map((entry) => entry.action)).toEqual(expect.arrayContaining(['category.created', 'category.updated', 'category.deleted']));
  });
});
