/**
 * A category's image (issue 17) over HTTP: uploaded through the admin API (re-encoded, served under
 * /media), shown on the public category tree with its alternative text, replaced, removed; what is
 * no image refused on `file` with nothing changed; a stale If-Match refused; every change announced
 * to the connector. And the same from the image section of the category's edit page in the admin,
 * which the other documents' edit pages do not have.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Category {
  id: number;
  urlPath: string;
  imageUrl: string | null;
  imageAlt: string;
  children: Category[];
}

const pixels = async (background: string) => new Blob([new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer())], { type: 'image/png' });

describe.each(dialects)('category image (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let category: Category;
  const saved: number[] = [];
  const upload = (file: Blob, fields: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('file', file, 'picture.png');
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return shop.app.request(`/api/rest/v2/admin/categories/${category.id}/image`, { method: 'POST', headers: { ...admin, ...headers }, body: form });
  };
  const current = async () => (await shop.send<Category>('GET', `/api/rest/v2/admin/categories/${category.id}`, { headers: admin })).body;
  /** The category as the storefront's sync reads it: a node of the public tree. */
  const shown = async () => {
    const find = (nodes: Category[]): Category | undefined => nodes.map((node) => (node.id === category.id ? node : find(node.children))).find(Boolean);
    return find(((await shop.get('/api/rest/v2/categories')).body as { member: Category[] }).member)!;
  };

  beforeAll(async () => {
    const probe = defineModule({ id: 'saved-probe', title: 'Probe', subscribers: [{ event: 'catalog_category_saved', handle: (events) => void saved.push(...events.map((event) => event.payload.categoryId)) }] });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    const created = await shop.send<Category>('POST', '/api/rest/v2/admin/categories', { json: { name: 'Lanterns', urlKey: 'lanterns' }, headers: admin });
    category = created.body;
    expect(category.imageUrl).toBeNull();
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('takes an upload, re-encoded and served, shown on the public tree with its text; replaces it; removes it', async () => {
    const added = await upload(await pixels('#c0392b'), { alt: ' A red lantern ' });
    expect(added.status, await added.clone().text()).toBe(200);
    const first = (await added.json()) as Category;
    expect(first).toMatchObject({ imageAlt: 'A red lantern', imageUrl: expect.stringMatching(/^\/media\/catalog\/category\/[0-9a-f]{24}\.webp$/) });
    expect(added.headers.get('ETag')).toBe((await shop.send('GET', `/api/rest/v2/admin/categories/${category.id}`, { headers: admin })).headers.get('ETag'));
    const served = await shop.app.request(first.imageUrl!);
    expect([served.status, served.headers.get('Content-Type')]).toEqual([200, 'image/webp']);
    expect(await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 30, format: 'webp' });
    expect(await shown()).toMatchObject({ imageUrl: first.imageUrl, imageAlt: 'A red lantern' });
    await expect.poll(() => saved.filter((id) => id === category.id).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);

    const replaced = (await (await upload(await pixels('#2563eb'), { alt: 'A blue lantern' })).json()) as Category;
    expect(replaced.imageUrl).not.toBe(first.imageUrl);
    expect(await shown()).toMatchObject({ imageUrl: replaced.imageUrl, imageAlt: 'A blue lantern' });
    // The alternative text alone through the record's PATCH.
    expect((await shop.send<Category>('PATCH', `/api/rest/v2/admin/categories/${category.id}`, { json: { imageAlt: 'Blue storm lantern' }, headers: admin })).body.imageAlt).toBe('Blue storm lantern');

    const removed = await shop.send<Category>('DELETE', `/api/rest/v2/admin/categories/${category.id}/image`, { headers: admin });
    expect([removed.status, removed.body.imageUrl, removed.body.imageAlt]).toEqual([200, null, '']);
    expect((await shown()).imageUrl).toBeNull();
    expect((await shop.send('DELETE', `/api/rest/v2/admin/categories/${category.id}/image`, { headers: admin })).status).toBe(404);
  });

  it('refuses what is no image, a missing file, a long text, a stale version and an unknown category, changing nothing', async () => {
    await upload(await pixels('#16a34a'), { alt: 'Green' });
    const before = await current();
    for (const bad of ['<svg onload="alert(1)"></svg>', 'GIF89a not really']) {
      const refused = await upload(new Blob([bad], { type: 'image/png' }));
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain('"field":"file"');
    }
    const none = await shop.app.request(`/api/rest/v2/admin/categories/${category.id}/image`, { method: 'POST', headers: admin, body: new FormData() });
    expect(none.status).toBe(400);
    expect(JSON.stringify(await (await upload(await pixels('#000'), { alt: 'x'.repeat(256) })).json())).toContain('"field":"alt"');
    expect((await upload(await pixels('#000'), {}, { 'If-Match': '"category-1-stale"' })).status).toBe(412);
    expect((await shop.send('DELETE', `/api/rest/v2/admin/categories/${category.id}/image`, { headers: { ...admin, 'If-Match': '"category-1-stale"' } })).status).toBe(412);
    expect(await current()).toEqual(before);
    expect((await shop.send('DELETE', '/api/rest/v2/admin/categories/999999/image', { headers: admin })).status).toBe(404);
    const anonymous = new FormData();
    anonymous.set('file', await pixels('#000'), 'picture.png');
    expect((await shop.app.request(`/api/rest/v2/admin/categories/${category.id}/image`, { method: 'POST', body: anonymous })).status).toBe(401);
    expect(await current()).toEqual(before);
  });

  it('shows it on the category\'s edit page: the picture, a multipart upload with the CSRF token, Remove; lands back there', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const edit = `/admin/categories/${category.id}`;
    const page = await browser.request('GET', edit);
    expect(page.status).toBe(200);
    const section = /<section id="image"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
    // Beside the category's form, not inside it: a form cannot hold another.
    expect(page.html.indexOf(section)).toBeGreaterThan(page.html.indexOf('</form>'));
    expect(page.html).toContain('name="imageAlt"');
    expect(section).toContain(`src="${(await current()).imageUrl}" alt="Green"`);
    expect(section).toContain('Alternative text: Green.');
    const uploadForm = /<form method="post" action="([^"]+)" enctype="multipart\/form-data">([\s\S]*?)<\/form>/.exec(section);
    expect(uploadForm?.[1]).toBe(`${edit}/image`);
    expect(uploadForm?.[2]).toContain(`name="_csrf" value="${browser.csrfOf(page.html)}"`);
    expect(uploadForm?.[2]).toMatch(/<input type="file" name="file" accept="image\/\*" required id="image-file"/);
    expect(section).toContain(`action="${edit}/image/delete"`);
    // The former Image page's address: its section of the edit page.
    const old = await browser.request('GET', `${edit}/image`);
    expect([old.status, old.location]).toEqual([301, `${edit}#image`]);

    const cookie = () => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const send = async (file: Blob | undefined, fields: Record<string, string> = {}, csrf = browser.csrfOf(page.html)) => {
      const form = new FormData();
      if (csrf) form.set('_csrf', csrf);
      if (file) form.set('file', file, 'picture.png');
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const response = await shop.app.request(`${edit}/image`, { method: 'POST', headers: { cookie: cookie() }, body: form });
      return { status: response.status, location: response.headers.get('location'), html: await response.text() };
    };
    /** A field's message, right after its help: next to the field. */
    const errorOf = (html: string, field: string) => new RegExp(`id="image-${field}-help">[^<]*</span> <strong class="error" role="alert">([^<]+)</strong>`).exec(html)?.[1];

    const refused = await send(new Blob(['not an image'], { type: 'image/png' }), { alt: 'Yellow lantern' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(`Edit category: /${category.urlPath}`);
    expect(refused.html).toContain('The image was not uploaded: see the Image section below.');
    expect(errorOf(refused.html, 'file')).toContain('not an image we can read');
    expect(refused.html).toMatch(/name="file"[^>]*aria-invalid="true"/);
    expect(refused.html).toContain('name="alt" maxlength="255" value="Yellow lantern"');
    const missing = await send(undefined, { alt: 'Yellow lantern' });
    expect([missing.status, errorOf(missing.html, 'file')]).toEqual([400, 'Choose an image file to upload.']);
    const long = await send(await pixels('#facc15'), { alt: 'x'.repeat(256) });
    expect([long.status, errorOf(long.html, 'alt'), errorOf(long.html, 'file')]).toEqual([400, 'At most 255 characters.', undefined]);
    expect((await send(await pixels('#facc15'), {}, '')).status).toBe(403);
    expect((await current()).imageAlt).toBe('Green');

    const added = await send(await pixels('#facc15'), { alt: ' Yellow lantern ' });
    expect([added.status, added.location]).toEqual([303, `${edit}?flash=image_added`]);
    const after = await current();
    expect(after.imageAlt).toBe('Yellow lantern');
    const landed = await browser.request('GET', added.location!);
    expect(landed.html).toContain('Image added;');
    expect(landed.html).toContain(`src="${after.imageUrl}" alt="Yellow lantern"`);
    expect(landed.html).toContain('value="Yellow lantern"');

    // Remove asks first, naming the category; only the confirmed form removes.
    const asked = await browser.submit(edit, `${edit}/image/delete`, {});
    expect([asked.status, asked.html.includes('Remove the image of '), asked.html.includes('name="confirmed" value="yes"')]).toEqual([200, true, true]);
    expect((await current()).imageUrl).not.toBeNull();
    const gone = await browser.submit(edit, `${edit}/image/delete`, { confirmed: 'yes' });
    expect([gone.status, gone.location]).toEqual([303, `${edit}?flash=image_removed`]);
    expect((await current()).imageUrl).toBeNull();
    const without = await browser.request('GET', gone.location!);
    expect(without.html).toContain('Removed the image of ');
    expect(without.html).toContain('No image: the storefront shows the category');
    expect(without.html).not.toContain(`${edit}/image/delete`);
    const again = await browser.submit(edit, `${edit}/image/delete`, {});
    expect([again.status, again.html.includes('The category has no image any more')]).toEqual([400, true]);

    expect((await browser.request('GET', '/admin/categories/999999')).status).toBe(404);
    expect((await browser.submit(edit, '/admin/categories/999999/image/delete', {})).status).toBe(404);
  });

  it('leaves the other documents\' edit pages (CMS pages, blog posts) without an image section', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await shop.send<{ id: number }>('POST', '/api/rest/v2/admin/cms-pages', { json: { identifier: `lamp-care-${dialect}`, title: 'Lamp care' }, headers: admin });
    const post = await shop.send<{ id: number }>('POST', '/api/rest/v2/admin/blog-posts', { json: { identifier: `lamp-news-${dialect}`, title: 'Lamp news' }, headers: admin });
    for (const path of [`/admin/cms-pages/${page.body.id}`, `/admin/blog-posts/${post.body.id}`]) {
      const edit = await browser.request('GET', path);
      expect(edit.status, path).toBe(200);
      expect(edit.html, path).not.toContain('id="image"');
      expect(edit.html, path).not.toContain('multipart/form-data');
      expect((await browser.request('GET', `${path}/image`)).status, path).toBe(404);
    }
  });
});
