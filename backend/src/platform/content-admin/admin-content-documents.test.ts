/**
 * The admin API of content documents (DECISIONS.md 42), CMS pages and blog posts alike, over HTTP:
 * create, read with an ETag, change only the fields sent, delete; HTML sanitised on save; a stale
 * If-Match answers 412 and changes nothing; hostile input names its field and writes nothing; every
 * save audited and announced once to the storefront connector (cms_page_saved, blog_post_saved).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../modules/define-module.ts';
import { adminBearer } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Document {
  id: number;
  identifier: string;
  title: string;
  content: string;
}
type Answer = Document & Record<string, unknown> & { error?: string; details?: unknown; member?: Document[]; totalItems?: number };

const kinds = [
  {
    path: 'cms-pages',
    subject: 'cms_page',
    existing: 'about-us',
    /** Where a guest reads the record, and what a bad value of a kind's own field is. */
    publicList: '/api/rest/v2/cms-pages?identifier=',
    badField: [{ isActive: 'yes' }, 'isActive'] as const,
    created: { isActive: true },
  },
  {
    path: 'blog-posts',
    subject: 'blog_post',
    existing: 'caring-for-cast-iron',
    publicList: '/api/rest/v2/blog-posts?identifier=',
    badField: [{ publishedAt: 'next tuesday' }, 'publishedAt'] as const,
    created: { isPublished: true, tags: [], author: '' },
  },
];

describe.each(dialects)('admin content documents API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const saved: Array<[string, number]> = [];

  beforeAll(async () => {
    const probe = defineModule({
      id: 'saved-probe',
      title: 'Probe',
      subscribers: [
        { event: 'cms_page_saved', handle: (events) => void saved.push(...events.map((event) => ['cms_page', event.payload.pageId] as [string, number])) },
        { event: 'blog_post_saved', handle: (events) => void saved.push(...events.map((event) => ['blog_post', event.payload.postId] as [string, number])) },
      ],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  describe.each(kinds)('$path', (kind) => {
    const api = (method: string, path = '', json?: unknown, headers: Record<string, string> = {}) =>
      shop.send<Answer>(method, `/api/rest/v2/admin/${kind.path}${path}`, { json, headers: { ...admin, ...headers } });

    it('creates one with its content sanitised, answers 201 with Location and ETag, and announces it', async () => {
      const created = await api('POST', '', { identifier: 'shipping-info', title: 'Shipping info', content: '<p onclick="x()">Fast.</p><script>alert(1)</script>' });
      expect(created.status).toBe(201);
      expect(created.headers.get('Location')).toBe(`/api/rest/v2/admin/${kind.path}/${created.body.id}`);
      expect(created.headers.get('ETag')).toMatch(new RegExp(`^"${kind.subject}-\\d+-[\\w-]{22}"$`));
      expect(created.body).toMatchObject({ identifier: 'shipping-info', content: '<p>Fast.</p>', ...kind.created });
      await expect.poll(() => saved.filter(([subject, id]) => subject === kind.subject && id === created.body.id).length, { timeout: 5000 }).toBe(1);
      const guest = await shop.get(`${kind.publicList}shipping-info`);
      expect((guest.body as { member: Document[] }).member[0]).toMatchObject({ title: 'Shipping info', content: '<p>Fast.</p>' });
    });

    it('changes only the fields sent, and refuses a stale If-Match with 412 and no change', async () => {
      const [record] = (await api('GET', '?identifier=shipping-info')).body.member!;
      const read = await api('GET', `/${record!.id}`);
      const etag = read.headers.get('ETag')!;
      const changed = await api('PATCH', `/${record!.id}`, { title: 'Shipping and delivery' }, { 'If-Match': etag });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ title: 'Shipping and delivery', content: '<p>Fast.</p>', identifier: 'shipping-info' });
      expect(changed.headers.get('ETag')).not.toBe(etag);
      const stale = await api('PATCH', `/${record!.id}`, { title: 'Lost update' }, { 'If-Match': etag });
      expect([stale.status, stale.body.error]).toEqual([412, 'stale_version']);
      expect((await api('GET', `/${record!.id}`)).body.title).toBe('Shipping and delivery');
      expect((await api('DELETE', `/${record!.id}`, undefined, { 'If-Match': etag })).status).toBe(412);
    });

    it('names the field of hostile input and writes nothing', async () => {
      const before = (await api('GET', '?itemsPerPage=100')).body.totalItems;
      for (const [body, field] of [
        [{ identifier: '../admin', title: 'x' }, 'identifier'],
        [{ identifier: 'ok-record', title: '' }, 'title'],
        [{ identifier: 'ok-record', title: 'x', ...kind.badField[0] }, kind.badField[1]],
        [{ identifier: 'ok-record', title: 'x', owner: 'me' }, ''],
      ] as const) {
        const answer = await api('POST', '', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        if (field) expect(JSON.stringify(answer.body.details)).toContain(`"field":"${field}"`);
      }
      expect((await api('POST', '', { identifier: kind.existing, title: 'Copy' })).status).toBe(409);
      expect((await api('GET', '?itemsPerPage=100')).body.totalItems).toBe(before);
      expect((await api('PATCH', '/999999', { title: 'x' })).status).toBe(404);
      expect((await shop.send('GET', `/api/rest/v2/admin/${kind.path}`)).status).toBe(401);
    });

    it('deletes with the current ETag, audited', async () => {
      const [record] = (await api('GET', '?identifier=shipping-info')).body.member!;
      const etag = (await api('GET', `/${record!.id}`)).headers.get('ETag')!;
      expect((await api('DELETE', `/${record!.id}`, undefined, { 'If-Match': etag })).status).toBe(204);
      expect((await api('GET', `/${record!.id}`)).status).toBe(404);
      const log = await shop.send<{ member: { action: string; subject: string }[] }>('GET', '/api/rest/v2/admin/audit-log?module=core', { headers: admin });
      expect(log.body.member.map((entry) => entry.action)).toEqual(expect.arrayContaining([`${kind.subject}.created`, `${kind.subject}.updated`, `${kind.subject}.deleted`]));
    });
  });

  it('keeps a blog post\'s publish date and tags, newest first in the public list', async () => {
    const api = (method: string, path = '', json?: unknown) => shop.send<Answer>(method, `/api/rest/v2/admin/blog-posts${path}`, { json, headers: admin });
    const created = await api('POST', '', { identifier: 'winter-hours', title: 'Winter hours', publishedAt: '2030-01-02T09:00:00+01:00', tags: ['news'] });
    expect(created.body).toMatchObject({ publishedAt: '2030-01-02 08:00:00', tags: ['news'] });
    const newest = (await shop.get('/api/rest/v2/blog-posts?itemsPerPage=1')).body as { member: Document[] };
    expect(newest.member[0]!.identifier).toBe('winter-hours');
    const hidden = await api('PATCH', `/${created.body.id}`, { isPublished: false });
    expect(hidden.body.isPublished).toBe(false);
    expect(((await shop.get('/api/rest/v2/blog-posts?identifier=winter-hours')).body as { member: Document[] }).member).toEqual([]);
  });
});
