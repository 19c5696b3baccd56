/**
 * The admin CMS pages API (DECISIONS.md 42) over HTTP: create, read with an ETag, change only the
 * fields sent, delete; HTML sanitised on save; a stale If-Match answers 412 and changes nothing;
 * hostile input names its field and writes nothing; every save audited and announced once to the
 * storefront connector (cms_page_saved).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../src/core/modules/define-module.ts';
import { adminBearer } from './helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from './helpers/test-shop.ts';

interface Page {
  id: number;
  identifier: string;
  title: string;
  content: string;
  isActive: boolean;
  metaTitle: string;
}
type Answer = Page & { error?: string; details?: unknown; member?: Page[]; totalItems?: number };

describe.each(dialects)('admin CMS pages API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const saved: number[] = [];
  const api = (method: string, path = '', json?: unknown, headers: Record<string, string> = {}) =>
    shop.send<Answer>(method, `/api/rest/v2/admin/cms-pages${path}`, { json, headers: { ...admin, ...headers } });

  beforeAll(async () => {
    const probe = defineModule({ id: 'saved-probe', title: 'Probe', subscribers: [{ event: 'cms_page_saved', handle: (events) => void saved.push(...events.map((event) => event.payload.pageId)) }] });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('creates a page with its content sanitised, answers 201 with Location and ETag, and announces it', async () => {
    const created = await api('POST', '', { identifier: 'shipping-info', title: 'Shipping info', content: '<p onclick="x()">Fast.</p><script>alert(1)</script>' });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toBe(`/api/rest/v2/admin/cms-pages/${created.body.id}`);
    expect(created.headers.get('ETag')).toMatch(/^"cms-\d+-[\w-]{22}"$/);
    expect(created.body).toMatchObject({ identifier: 'shipping-info', content: '<p>Fast.</p>', isActive: true });
    await expect.poll(() => saved.filter((id) => id === created.body.id).length, { timeout: 5000 }).toBe(1);
    const publicPage = await shop.get('/api/rest/v2/cms-pages?identifier=shipping-info');
    expect((publicPage.body as { member: Page[] }).member[0]).toMatchObject({ title: 'Shipping info', content: '<p>Fast.</p>' });
  });

  it('changes only the fields sent, and refuses a stale If-Match with 412 and no change', async () => {
    const [page] = (await api('GET', '?identifier=shipping-info')).body.member!;
    const read = await api('GET', `/${page!.id}`);
    const etag = read.headers.get('ETag')!;
    const changed = await api('PATCH', `/${page!.id}`, { title: 'Shipping and delivery' }, { 'If-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: 'Shipping and delivery', content: '<p>Fast.</p>', identifier: 'shipping-info' });
    expect(changed.headers.get('ETag')).not.toBe(etag);
    const stale = await api('PATCH', `/${page!.id}`, { title: 'Lost update' }, { 'If-Match': etag });
    expect([stale.status, stale.body.error]).toEqual([412, 'stale_version']);
    expect((await api('GET', `/${page!.id}`)).body.title).toBe('Shipping and delivery');
    expect((await api('DELETE', `/${page!.id}`, undefined, { 'If-Match': etag })).status).toBe(412);
  });

  it('names the field of hostile input and writes nothing', async () => {
    const before = (await api('GET', '?itemsPerPage=100')).body.totalItems;
    for (const [body, field] of [
      [{ identifier: '../admin', title: 'x' }, 'identifier'],
      [{ identifier: 'ok-page', title: '' }, 'title'],
      [{ identifier: 'ok-page', title: 'x', isActive: 'yes' }, 'isActive'],
      [{ identifier: 'ok-page', title: 'x', owner: 'me' }, ''],
    ] as const) {
      const answer = await api('POST', '', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(answer.body.details)).toContain(`"field":"${field}"`);
    }
    expect((await api('POST', '', { identifier: 'about-us', title: 'Copy' })).status).toBe(409);
    expect((await api('GET', '?itemsPerPage=100')).body.totalItems).toBe(before);
    expect((await api('PATCH', '/999999', { title: 'x' })).status).toBe(404);
    expect((await shop.send('GET', '/api/rest/v2/admin/cms-pages')).status).toBe(401);
  });

  it('deletes with the current ETag, audited', async () => {
    const [page] = (await api('GET', '?identifier=shipping-info')).body.member!;
    const etag = (await api('GET', `/${page!.id}`)).headers.get('ETag')!;
    expect((await api('DELETE', `/${page!.id}`, undefined, { 'If-Match': etag })).status).toBe(204);
    expect((await api('GET', `/${page!.id}`)).status).toBe(404);
    const log = await shop.send<{ member: { action: string; subject: string }[] }>('GET', '/api/rest/v2/admin/audit-log?module=core', { headers: admin });
    expect(log.body.member.map((entry) => entry.action)).toEqual(expect.arrayContaining(['cms_page.created', 'cms_page.updated', 'cms_page.deleted']));
  });
});
