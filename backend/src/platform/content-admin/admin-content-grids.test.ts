/**
 * Content → CMS pages and Blog posts (issue 17): the grids' status and publish date filters,
 * sortable columns and page sizes (filters the grid cannot read ignored; the REST API refusing
 * them with 400), bulk actions on the rows ticked (exactly those changed, each audited, announced
 * in one delivery so the connector runs one sync; refused without the form's CSRF token), and the
 * preview (admin session required, sanitised and escaped, noindex, a CSP that forbids scripts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineModule } from '../modules/define-module.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Doc {
  id: number;
  identifier: string;
  title: string;
  content: string;
  isActive?: boolean;
  isPublished?: boolean;
  updatedAt: string;
}
type Answer = Doc & { error?: string; details?: unknown; member?: Doc[]; totalItems?: number };

/** The record keys a grid lists, in its order. */
const keys = (html: string, kind: string) => [...html.matchAll(new RegExp(`<td><a href="/admin/${kind}/\\d+">([^<]+)</a></td>`, 'g'))].map((match) => match[1]!);

describe('admin content grids, bulk actions and preview', () => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let browser: ReturnType<typeof adminBrowser>;
  /** Each delivery the probe received: the event and the records it named (id, deleted), by id. */
  const batches: Array<{ event: string; records: Array<[number, boolean]> }> = [];
  const receive = (event: string, records: Array<[number, boolean]>) => void batches.push({ event, records: records.sort(([a], [b]) => a - b) });
  const ids: Record<string, number> = {};

  const api = (method: string, path: string, json?: unknown) => shop.send<Answer>(method, `/api/rest/v2/admin/${path}`, { json, headers: admin });
  /** A form posted with the session's cookies; `ids` may repeat. */
  const postForm = async (path: string, form: URLSearchParams) => {
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await shop.app.request(path, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  const bulkForm = async (kind: string, action: string, chosen: number[], csrf = true) => {
    const form = new URLSearchParams({ action });
    if (csrf) form.set('_csrf', browser.csrfOf((await browser.request('GET', `/admin/${kind}`)).html));
    for (const id of chosen) form.append('ids', String(id));
    return form;
  };
  const delivered = () => batches.flatMap((batch) => batch.records).length;

  beforeAll(async () => {
    const probe = defineModule({
      id: 'grid-probe',
      title: 'Probe',
      subscribers: [
        { event: 'cms_page_saved', batchWindowMs: 50, handle: (events) => receive('cms_page_saved', events.map((e) => [e.payload.pageId, e.payload.deleted === true])) },
        { event: 'blog_post_saved', batchWindowMs: 50, handle: (events) => receive('blog_post_saved', events.map((e) => [e.payload.postId, e.payload.deleted === true])) },
      ],
    });
    shop = await openTestShop('pglite', { modules: [probe] });
    admin = await adminBearer(shop);
    browser = adminBrowser(shop);
    await browser.signIn();
    // Titles sort otherwise than identifiers: grid-alpha is "Grid Charlie".
    for (const [identifier, title, isActive] of [
      ['grid-alpha', 'Grid Charlie', true],
      ['grid-bravo', 'Grid Alpha', false],
      ['grid-charlie', 'Grid Bravo', true],
    ] as const) {
      ids[identifier] = (await api('POST', 'cms-pages', { identifier, title, isActive, content: `<p>${title}</p>` })).body.id;
    }
    for (const [identifier, publishedAt, isPublished] of [
      ['grid-old', '2026-01-10T09:00:00Z', true],
      ['grid-mid', '2026-02-15T09:00:00Z', false],
      ['grid-new', '2026-03-20T23:30:00Z', true],
    ] as const) {
      ids[identifier] = (await api('POST', 'blog-posts', { identifier, title: identifier.replace('grid-', 'Post '), publishedAt, isPublished })).body.id;
    }
    // The creations delivered, so each bulk action's delivery is its own.
    await vi.waitFor(() => expect(delivered()).toBe(6), { timeout: 5000 });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('filters the CMS pages grid by status and sorts it by title and identifier, both ways', async () => {
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=grid-')).html, 'cms-pages')).toEqual(['grid-alpha', 'grid-bravo', 'grid-charlie']);
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=grid-&status=inactive')).html, 'cms-pages')).toEqual(['grid-bravo']);
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=grid-&status=active')).html, 'cms-pages')).toEqual(['grid-alpha', 'grid-charlie']);
    const byTitle = await browser.request('GET', '/admin/cms-pages?q=grid-&sort=title');
    expect(keys(byTitle.html, 'cms-pages')).toEqual(['grid-bravo', 'grid-charlie', 'grid-alpha']);
    expect(byTitle.html).toMatch(/<th aria-sort="ascending"><a href="\?q=grid-&amp;sort=-title">Title<\/a><\/th>/);
    expect(byTitle.html).toMatch(/<th aria-sort="none"><a href="\?q=grid-&amp;sort=identifier">Identifier<\/a><\/th>/);
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=grid-&sort=-identifier')).html, 'cms-pages')).toEqual(['grid-charlie', 'grid-bravo', 'grid-alpha']);
  });

  it('filters the posts grid by status and publish dates, newest first unless sorted otherwise', async () => {
    const posts = async (query: string) => keys((await browser.request('GET', `/admin/blog-posts?q=grid-${query}`)).html, 'blog-posts');
    expect(await posts('')).toEqual(['grid-new', 'grid-mid', 'grid-old']);
    expect(await posts('&status=draft')).toEqual(['grid-mid']);
    expect(await posts('&status=published')).toEqual(['grid-new', 'grid-old']);
    // Both days included: grid-new was published late on the 20th.
    expect(await posts('&from=2026-02-01&to=2026-03-20')).toEqual(['grid-new', 'grid-mid']);
    expect(await posts('&to=2026-01-31')).toEqual(['grid-old']);
    expect(await posts('&sort=published')).toEqual(['grid-old', 'grid-mid', 'grid-new']);
    expect(await posts('&sort=-title')).toEqual(['grid-old', 'grid-new', 'grid-mid']);
    const grid = await browser.request('GET', '/admin/blog-posts?q=grid-');
    expect(grid.html).toMatch(/<th aria-sort="descending"><a href="\?q=grid-&amp;sort=published">Publish date<\/a><\/th>/);
    expect(grid.html).toContain('<td>2026-03-20 23:30:00</td>');
  });

  it('ignores filters the grid cannot read, answering as without them', async () => {
    const plain = keys((await browser.request('GET', '/admin/blog-posts?q=grid-')).html, 'blog-posts');
    const bad = await browser.request('GET', '/admin/blog-posts?q=grid-&status=secret&from=yesterday&to=2026-02-31&sort=drop&size=7&page=-3');
    expect([bad.status, keys(bad.html, 'blog-posts')]).toEqual([200, plain]);
    const pages = await browser.request('GET', '/admin/cms-pages?q=grid-&status=draft&sort=published&from=2026-01-01');
    expect(keys(pages.html, 'cms-pages')).toEqual(['grid-alpha', 'grid-bravo', 'grid-charlie']);
  });

  it('offers 20, 50 or 100 a page, the size kept by the page links', async () => {
    for (let n = 1; n <= 22; n++) ids[`size-${n}`] = (await api('POST', 'cms-pages', { identifier: `size-${String(n).padStart(2, '0')}`, title: `Size ${n}` })).body.id;
    await expect.poll(delivered, { timeout: 5000 }).toBe(28);
    const first = await browser.request('GET', '/admin/cms-pages?q=size-&size=20');
    expect(keys(first.html, 'cms-pages')).toHaveLength(20);
    expect(first.html).toContain('22 CMS pages · page 1 of 2');
    expect(first.html).toContain('<option value="20" selected>20</option>');
    expect(first.html).toContain('href="?q=size-&amp;size=20&amp;page=2"');
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=size-&size=20&page=2')).html, 'cms-pages')).toEqual(['size-21', 'size-22']);
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=size-')).html, 'cms-pages')).toHaveLength(22);
  });

  it('accepts the same filters on the REST API, refusing values it does not offer with 400 by the parameter', async () => {
    const identifiers = async (path: string) => {
      const answer = await api('GET', path);
      expect(answer.status, path).toBe(200);
      return answer.body.member!.map((record) => record.identifier);
    };
    expect(await identifiers('cms-pages?search=grid-&status=inactive')).toEqual(['grid-bravo']);
    expect(await identifiers('cms-pages?search=grid-&sort=-title')).toEqual(['grid-alpha', 'grid-charlie', 'grid-bravo']);
    expect(await identifiers('blog-posts?search=grid-&sort=published&publishedFrom=2026-02-01')).toEqual(['grid-mid', 'grid-new']);
    expect(await identifiers('blog-posts?search=grid-&status=published&publishedTo=2026-03-20')).toEqual(['grid-new', 'grid-old']);
    for (const [path, field] of [
      ['cms-pages?status=published', 'status'],
      ['blog-posts?status=secret', 'status'],
      ['blog-posts?sort=drop', 'sort'],
      ['blog-posts?publishedFrom=2026-02-31', 'publishedFrom'],
      ['blog-posts?publishedTo=yesterday', 'publishedTo'],
    ] as const) {
      const refused = await api('GET', path);
      expect(refused.status, path).toBe(400);
      expect(JSON.stringify(refused.body.details), path).toContain(`"field":"${field}"`);
    }
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, { get: { parameters: Array<{ name: string }> } }> };
    const parameters = (path: string) => doc.paths[`/api/rest/v2/admin/${path}`]!.get.parameters.map((parameter) => parameter.name);
    expect(parameters('blog-posts')).toEqual(expect.arrayContaining(['status', 'sort', 'publishedFrom', 'publishedTo']));
    expect(parameters('cms-pages')).toEqual(expect.arrayContaining(['status', 'sort']));
    expect(parameters('cms-pages')).not.toContain('publishedFrom');
    expect(parameters('categories')).not.toContain('status');
  });

  it('deactivates and activates exactly the pages ticked, each audited, announced in one delivery', async () => {
    const before = batches.length;
    const deactivated = await postForm('/admin/cms-pages/bulk?q=grid-', await bulkForm('cms-pages', 'deactivate', [ids['grid-alpha']!, ids['grid-charlie']!]));
    expect(deactivated.status).toBe(200);
    expect(deactivated.html).toContain('2 CMS pages deactivated.');
    // The grid it answers keeps the query it was posted from.
    expect(keys(deactivated.html, 'cms-pages')).toEqual(['grid-alpha', 'grid-bravo', 'grid-charlie']);
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=grid-&status=active')).html, 'cms-pages')).toEqual([]);
    await expect.poll(() => batches.length, { timeout: 5000 }).toBe(before + 1);
    expect(batches.at(-1)).toEqual({ event: 'cms_page_saved', records: [[ids['grid-alpha'], false], [ids['grid-charlie'], false]] });

    const activated = await postForm('/admin/cms-pages/bulk', await bulkForm('cms-pages', 'activate', [ids['grid-alpha']!]));
    expect(activated.html).toContain('1 CMS page activated.');
    await expect.poll(() => batches.length, { timeout: 5000 }).toBe(before + 2);
    expect(keys((await browser.request('GET', '/admin/cms-pages?q=grid-&status=active')).html, 'cms-pages')).toEqual(['grid-alpha']);
    const guest = await shop.get('/api/rest/v2/cms-pages?identifier=grid-alpha');
    expect((guest.body as { member: unknown[] }).member).toHaveLength(1);

    const log = await shop.send<{ member: Array<{ action: string; subject: string }> }>('GET', '/api/rest/v2/admin/audit-log?module=core&itemsPerPage=100', { headers: admin });
    const bulk = log.body.member.filter((entry) => entry.action.startsWith('cms_page.bulk_')).map((entry) => `${entry.action} ${entry.subject}`);
    expect(bulk.sort()).toEqual([`cms_page.bulk_activate cms_page:${ids['grid-alpha']}`, `cms_page.bulk_deactivate cms_page:${ids['grid-alpha']}`, `cms_page.bulk_deactivate cms_page:${ids['grid-charlie']}`].sort());
  });

  it('unpublishes, publishes and deletes the posts ticked', async () => {
    const start = delivered();
    const unpublished = await postForm('/admin/blog-posts/bulk', await bulkForm('blog-posts', 'unpublish', [ids['grid-new']!]));
    expect(unpublished.html).toContain('1 blog post unpublished.');
    expect(keys((await browser.request('GET', '/admin/blog-posts?q=grid-&status=draft')).html, 'blog-posts')).toEqual(['grid-new', 'grid-mid']);
    expect(((await shop.get('/api/rest/v2/blog-posts?identifier=grid-new')).body as { member: unknown[] }).member).toEqual([]);
    const published = await postForm('/admin/blog-posts/bulk', await bulkForm('blog-posts', 'publish', [ids['grid-new']!, ids['grid-mid']!]));
    expect(published.html).toContain('2 blog posts published.');
    expect(keys((await browser.request('GET', '/admin/blog-posts?q=grid-&status=draft')).html, 'blog-posts')).toEqual([]);
    await expect.poll(delivered, { timeout: 5000 }).toBe(start + 3);

    const before = batches.length;
    const deleted = await postForm('/admin/blog-posts/bulk', await bulkForm('blog-posts', 'delete', [ids['grid-old']!, ids['grid-mid']!, 999_999]));
    expect(deleted.html).toContain('2 blog posts deleted.');
    expect(keys((await browser.request('GET', '/admin/blog-posts?q=grid-')).html, 'blog-posts')).toEqual(['grid-new']);
    await expect.poll(() => batches.length, { timeout: 5000 }).toBe(before + 1);
    expect(batches.at(-1)).toEqual({ event: 'blog_post_saved', records: [[ids['grid-old'], true], [ids['grid-mid'], true]].sort(([a], [b]) => Number(a) - Number(b)) });
    const log = await shop.send<{ member: Array<{ action: string; subject: string }> }>('GET', '/api/rest/v2/admin/audit-log?module=core&itemsPerPage=100', { headers: admin });
    expect(log.body.member.map((entry) => `${entry.action} ${entry.subject}`)).toEqual(
      expect.arrayContaining([`blog_post.bulk_unpublish blog_post:${ids['grid-new']}`, `blog_post.deleted blog_post:${ids['grid-old']}`, `blog_post.deleted blog_post:${ids['grid-mid']}`]),
    );
  });

  it('deletes many pages at once in one delivery', async () => {
    const chosen = Array.from({ length: 22 }, (_, index) => ids[`size-${index + 1}`]!);
    const before = batches.length;
    const deleted = await postForm('/admin/cms-pages/bulk?q=size-', await bulkForm('cms-pages', 'delete', chosen));
    expect(deleted.html).toContain('22 CMS pages deleted.');
    expect(deleted.html).toContain('0 CMS pages · page 1 of 1');
    await expect.poll(() => batches.length, { timeout: 5000 }).toBe(before + 1);
    expect(batches.at(-1)!.records).toEqual(chosen.map((id) => [id, true]));
  });

  it('refuses a bulk action without the form\'s CSRF token, with nothing ticked, or one it does not have', async () => {
    const forged = await postForm('/admin/cms-pages/bulk', await bulkForm('cms-pages', 'delete', [ids['grid-bravo']!], false));
    expect(forged.status).toBe(403);
    expect((await api('GET', `cms-pages/${ids['grid-bravo']}`)).status).toBe(200);
    const nothing = await postForm('/admin/cms-pages/bulk', await bulkForm('cms-pages', 'delete', []));
    expect(nothing.html).toContain('Tick at least one CMS page and choose an action.');
    const unknown = await postForm('/admin/cms-pages/bulk', await bulkForm('cms-pages', 'publish', [ids['grid-bravo']!]));
    expect(unknown.html).toContain('Tick at least one CMS page and choose an action.');
    expect((await api('GET', `cms-pages/${ids['grid-bravo']}`)).body.isActive).toBe(false);
    // A grid without bulk actions takes none.
    expect((await postForm('/admin/categories/bulk', await bulkForm('categories', 'delete', [1]))).status).toBe(404);
  });

  it('previews a page as saved, inactive as it is, behind the session, sanitised, noindex and with scripts forbidden', async () => {
    const path = `/admin/cms-pages/${ids['grid-bravo']}`;
    const start = delivered();
    await api('PATCH', `cms-pages/${ids['grid-bravo']}`, { title: 'Tom <b>&</b> Jerry', content: '<p>Saved text</p><img src="/media/x.webp" alt="x" onerror="alert(1)"><script>alert(2)</script>' });
    await expect.poll(delivered, { timeout: 5000 }).toBe(start + 1);
    const editor = await browser.request('GET', path);
    expect(editor.html).toContain(`formaction="${path}/preview" formtarget="_blank"`);
    expect(editor.html).toContain(`href="${path}/preview"`);

    const preview = await browser.request('GET', `${path}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain('Preview — not published');
    expect(preview.html).toContain('As last saved.');
    expect(preview.html).toContain('<h1>Tom &lt;b&gt;&amp;&lt;/b&gt; Jerry</h1>');
    expect(preview.html).toContain('<p>Saved text</p><img src="/media/x.webp" alt="x" />');
    expect(preview.html).not.toMatch(/<script|onerror/);
    const policy = preview.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'none'");
    expect(policy).toContain("default-src 'none'");
    expect(preview.headers.get('x-robots-tag')).toContain('noindex');
    expect(preview.headers.get('cache-control')).toBe('no-store');
    // The admin's own pages keep the admin's policy.
    expect(editor.headers.get('content-security-policy')).toContain("default-src 'self'");

    const guest = await shop.app.request(`${path}/preview`);
    expect([guest.status, guest.headers.get('location')]).toEqual([303, '/admin/login']);
    expect((await shop.app.request(`${path}/preview`, { method: 'POST', body: new URLSearchParams({ content: '<p>x</p>' }) })).status).toBe(401);
    expect((await browser.request('GET', '/admin/cms-pages/999999/preview')).status).toBe(404);
    expect((await browser.request('GET', '/admin/categories/1/preview')).status).toBe(404);
  });

  it('previews the form as typed without saving it, escaped and sanitised, and only with the form\'s CSRF token', async () => {
    const path = `/admin/cms-pages/${ids['grid-charlie']}`;
    const before = (await api('GET', `cms-pages/${ids['grid-charlie']}`)).body;
    const delivery = delivered();
    const typed = { title: '<script>alert(1)</script>Draft', contentHeading: '', identifier: 'grid-charlie', content: '<p>Unsaved</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>' };
    const preview = await browser.submit(path, `${path}/preview`, typed);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain('As typed in the form, not saved.');
    expect(preview.html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;Draft</h1>');
    expect(preview.html).toContain('<p>Unsaved</p><a>x</a>');
    expect(preview.html).not.toMatch(/<script|javascript:/);
    expect(preview.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect((await api('GET', `cms-pages/${ids['grid-charlie']}`)).body).toEqual(before);

    const post = await browser.submit('/admin/blog-posts/new', '/admin/blog-posts/preview', { title: 'New post', author: 'Ada', publishedAt: '2026-04-01T10:15', content: '<p>Soon</p>' });
    expect(post.html).toContain('<p class="byline">Ada · 2026-04-01 10:15 UTC</p>');
    expect(post.html).toContain('href="/admin/blog-posts/new"');

    const forged = await postForm(`${path}/preview`, new URLSearchParams(typed));
    expect(forged.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(delivered()).toBe(delivery);
  });
});
