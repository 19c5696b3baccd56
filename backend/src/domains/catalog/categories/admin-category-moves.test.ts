/**
 * Moving categories in the tree (issue 17) over HTTP: `POST /api/rest/v2/admin/categories/{id}/move`
 * reorders siblings (positions renumbered 0, 1, 2… on both levels, the order the public tree shows),
 * moves under another parent (paths follow, old ones 301), refuses its own subtree, a stale
 * If-Match, an unknown id and a bad body (naming the field), changing nothing; each move is one
 * audit entry and one `catalog_category_saved`; moves at once leave the siblings numbered densely
 * (on PostgreSQL they would deadlock without the moves' lock). The admin grid lists the tree in that order with
 * Move up / Move down forms, refused without the CSRF token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Category {
  id: number;
  parentId: number | null;
  urlKey: string;
  urlPath: string;
  level: number;
  position: number;
}
type Answer = Category & { error?: string; details?: unknown };
interface TreeNode {
  id: number;
  urlKey: string;
  position: number;
  children: TreeNode[];
}

describe.each(dialects)('moving categories (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const saved: number[] = [];
  const ids: Record<string, number> = {};
  const api = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    shop.send<Answer>(method, `/api/rest/v2/admin/categories${path}`, { json, headers: { ...admin, ...headers } });
  const move = (key: string, to: unknown, headers: Record<string, string> = {}) => api('POST', `/${ids[key]}/move`, to, headers);
  /** The children of a category in the public tree: url key and position, in the tree's order. */
  const childrenIn = async (key: string) => {
    const find = (nodes: TreeNode[]): TreeNode | undefined => nodes.map((node) => (node.id === ids[key] ? node : find(node.children))).find(Boolean);
    const node = find(((await shop.get('/api/rest/v2/categories')).body as { member: TreeNode[] }).member)!;
    return node.children.map((child) => `${child.urlKey}:${child.position}`);
  };
  const create = async (urlKey: string, parent?: string) => {
    const created = await api('POST', '', { name: urlKey, urlKey, parentId: parent ? ids[parent] : null });
    ids[urlKey] = created.body.id;
  };

  beforeAll(async () => {
    const probe = defineModule({ id: 'move-probe', title: 'Probe', subscribers: [{ event: 'catalog_category_saved', batchWindowMs: 10, handle: (events) => void saved.push(...events.map((event) => event.payload.categoryId)) }] });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    // move-lab/{alpha, beta (with beta-one), gamma}, other-lab/{delta}: created alike, so all at position 0.
    for (const [key, parent] of [['move-lab'], ['alpha', 'move-lab'], ['beta', 'move-lab'], ['beta-one', 'beta'], ['gamma', 'move-lab'], ['other-lab'], ['delta', 'other-lab']] as const) await create(key, parent);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('moves a category among its siblings, renumbering them 0, 1, 2 in the order the public tree shows, with one event', async () => {
    expect(await childrenIn('move-lab')).toEqual(['alpha:0', 'beta:0', 'gamma:0']);
    await expect.poll(() => saved.includes(ids.delta!), { timeout: 5000 }).toBe(true);
    const before = saved.length;
    const moved = await move('gamma', { parentId: ids['move-lab'], position: 0 });
    expect([moved.status, moved.body.position, moved.body.urlPath]).toEqual([200, 0, 'move-lab/gamma']);
    expect(moved.headers.get('ETag')).toBe((await api('GET', `/${ids.gamma}`)).headers.get('ETag'));
    expect(await childrenIn('move-lab')).toEqual(['gamma:0', 'alpha:1', 'beta:2']);
    // Down one: after alpha. A place past the last sibling is the last.
    await move('gamma', { parentId: ids['move-lab'], position: 1 });
    expect(await childrenIn('move-lab')).toEqual(['alpha:0', 'gamma:1', 'beta:2']);
    await move('alpha', { parentId: ids['move-lab'], position: 99 });
    expect(await childrenIn('move-lab')).toEqual(['gamma:0', 'beta:1', 'alpha:2']);
    // Three moves, three events, each naming the category moved (not its renumbered siblings).
    await expect.poll(() => saved.length, { timeout: 5000 }).toBe(before + 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saved.slice(before)).toEqual([ids.gamma, ids.gamma, ids.alpha]);
    const log = await shop.send<{ member: Array<{ action: string; subject: string }> }>('GET', '/api/rest/v2/admin/audit-log?module=core&itemsPerPage=100', { headers: admin });
    expect(log.body.member.filter((entry) => entry.action === 'category.moved').map((entry) => entry.subject)).toEqual(expect.arrayContaining([`category:${ids.gamma}`, `category:${ids.alpha}`]));
  });

  it('moves a category under another parent: its path and its subcategories\' follow, the old ones redirect, both levels renumbered', async () => {
    const moved = await move('beta', { parentId: ids['other-lab'], position: 0 });
    expect(moved.body).toMatchObject({ parentId: ids['other-lab'], urlPath: 'other-lab/beta', level: 2, position: 0 });
    expect((await api('GET', `/${ids['beta-one']}`)).body.urlPath).toBe('other-lab/beta/beta-one');
    expect(await childrenIn('move-lab')).toEqual(['gamma:0', 'alpha:1']);
    expect(await childrenIn('other-lab')).toEqual(['beta:0', 'delta:1']);
    const redirects = ((await shop.get('/api/rest/v2/url-redirects?entity=category&itemsPerPage=100')).body as { member: Array<{ from: string; to: string }> }).member;
    expect(redirects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: '/move-lab/beta', to: '/other-lab/beta' }),
        expect.objectContaining({ from: '/move-lab/beta/beta-one', to: '/other-lab/beta/beta-one' }),
      ]),
    );
    // To the top level, last.
    const top = await move('delta', { parentId: null, position: 100_000 });
    expect(top.body).toMatchObject({ parentId: null, urlPath: 'delta', level: 1 });
    // The admin list is in tree order, inactive categories too: the top level now counts 0, 1, 2…
    const roots = ((await api('GET', '?itemsPerPage=100')).body as unknown as { member: Category[] }).member.filter((category) => category.parentId === null);
    expect(roots.at(-1)!.urlKey).toBe('delta');
    expect(roots.map((category) => category.position)).toEqual(roots.map((_, index) => index));
  });

  it('refuses its own subtree, a stale If-Match, an unknown id and a bad body, changing nothing', async () => {
    const tree = await childrenIn('other-lab');
    const into = await move('beta', { parentId: ids['beta-one'], position: 0 });
    expect([into.status, JSON.stringify(into.body.details)]).toEqual([400, expect.stringContaining('"field":"parentId"')]);
    expect((await move('beta', { parentId: ids.beta, position: 0 })).status).toBe(400);
    const etag = (await api('GET', `/${ids.delta}`)).headers.get('ETag')!;
    // The current ETag moves it; the ETag it had before is stale then.
    expect((await move('delta', { parentId: null, position: 0 }, { 'If-Match': etag })).status).toBe(200);
    const stale = await move('delta', { parentId: null, position: 5 }, { 'If-Match': etag });
    expect([stale.status, stale.body.error]).toEqual([412, 'stale_version']);
    expect((await api('POST', '/999999/move', { parentId: null, position: 0 })).status).toBe(404);
    expect((await move('beta', { parentId: 999999, position: 0 })).status).toBe(400);
    for (const [body, field] of [
      [{ parentId: null }, 'position'],
      [{ parentId: null, position: -1 }, 'position'],
      [{ parentId: null, position: 1.5 }, 'position'],
      [{ parentId: 'top', position: 0 }, 'parentId'],
      [{ position: 0 }, 'parentId'],
    ] as const) {
      const refused = await move('beta', body);
      expect([refused.status, JSON.stringify(refused.body.details)], JSON.stringify(body)).toEqual([400, expect.stringContaining(field)]);
    }
    expect((await move('beta', { parentId: null, position: 0, urlKey: 'x' })).status).toBe(400);
    expect(await childrenIn('other-lab')).toEqual(tree);
    expect((await api('GET', `/${ids.beta}`)).body.urlPath).toBe('other-lab/beta');
  });

  it('keeps the siblings numbered 0, 1, 2… when moves among them run at once', async () => {
    for (const key of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']) await create(key, 'other-lab');
    const keys = ['c6', 'c5', 'c4', 'c3', 'c2', 'c1'];
    const answers = await Promise.all(keys.map((key, index) => move(key, { parentId: ids['other-lab'], position: index % 3 })));
    expect(answers.map((answer) => answer.status)).toEqual(keys.map(() => 200));
    const children = await childrenIn('other-lab');
    expect(children.map((child) => Number(child.split(':')[1]))).toEqual(children.map((_, index) => index));
  });

  it('lists the tree in its order on the admin grid, with Move up / Move down forms that need the CSRF token', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const keys = (html: string) => [...html.matchAll(/<td><a href="\/admin\/categories\/\d+">\/move-lab\/([^<]+)<\/a><\/td>/g)].map((match) => match[1]);
    const grid = await browser.request('GET', '/admin/categories?q=move-lab');
    expect(keys(grid.html)).toEqual(['gamma', 'alpha']);
    const up = new RegExp(`<form method="post" action="(/admin/categories/${ids.alpha}/move\\?[^"]*)" class="tree-move">[\\s\\S]*?name="_etag" value="([^"]+)"[\\s\\S]*?name="parentId" value="(\\d+)" /><input type="hidden" name="position" value="(\\d+)"`).exec(grid.html);
    expect(up?.slice(3)).toEqual([String(ids['move-lab']), '0']);
    const action = up![1]!.replaceAll('&amp;', '&');
    const fields = { _etag: up![2]!.replaceAll('&quot;', '"'), parentId: up![3]!, position: up![4]! };
    expect((await browser.request('POST', action, fields)).status).toBe(403);
    expect(keys((await browser.request('GET', '/admin/categories?q=move-lab')).html)).toEqual(['gamma', 'alpha']);
    const moved = await browser.request('POST', action, { ...fields, _csrf: browser.csrfOf(grid.html) });
    expect(moved.status).toBe(200);
    expect(moved.html).toContain('Moved /move-lab/alpha: number 1 of 2 in /move-lab.');
    // The answer is the same grid (its search kept), in the new order; alpha first has no Move up.
    expect(keys(moved.html)).toEqual(['alpha', 'gamma']);
    expect(moved.html).not.toContain('aria-label="Move up /move-lab/alpha"');
    expect(moved.html).toContain('aria-label="Move up /move-lab/gamma"');
    // The same form again: alpha changed since, so it is refused and the grid says why.
    const again = await browser.request('POST', action, { ...fields, _csrf: browser.csrfOf(grid.html) });
    expect([again.status, again.html.includes('changed since you loaded it')]).toEqual([412, true]);
    const nowhere = await browser.request('POST', action, { _csrf: browser.csrfOf(grid.html), parentId: 'x', position: '0' });
    expect(nowhere.status).toBe(400);
    expect(keys(nowhere.html)).toEqual(['alpha', 'gamma']);
  });
});
