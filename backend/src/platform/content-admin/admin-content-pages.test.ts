/**
 * Content → CMS pages and Blog posts, and Catalog → Categories in the admin, as a merchant uses them
 * without JavaScript: the grid, a new record refused with the message next to its field and
 * everything typed kept, then created; an edit over a newer change refused instead of overwriting
 * it; delete; a category moved into itself refused by its field; products created, imported and
 * exported; orders searched, noted and canceled.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf, submittedFields } from '../../../test/helpers/admin-forms.ts';
import { adminBearer, adminBrowser, signedInAdmin } from '../../../test/helpers/admin-session.ts';
import { payCart, placeOrderBody } from '../../../test/helpers/checkout.ts';
import { usAddress } from '../../../test/helpers/shop-data.ts';
import { parsePage, textOf } from '../../../test/helpers/html.ts';
import { eq } from 'drizzle-orm';
import { customers } from '../db/schema/index.ts';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

describe('admin content pages', () => {
  let shop: TestShop;
  let browser: ReturnType<typeof adminBrowser>;

  beforeAll(async () => {
    shop = await openTestShop('pglite');
    browser = await signedInAdmin(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('lists the CMS pages under Content, searchable', async () => {
    const grid = await browser.request('GET', '/admin/cms-pages?q=about');
    expect(grid.status).toBe(200);
    expect(grid.html).toContain('>about-us</a>');
    expect(grid.html).not.toContain('>customer-service</a>');
    expect(grid.html).toMatch(/Content[\s\S]*href="\/admin\/cms-pages"[\s\S]*href="\/admin\/blog-posts"/);
  });

  it('refuses a bad post with the message by its field and the text kept, then creates it', async () => {
    const refused = await browser.submit('/admin/blog-posts/new', '/admin/blog-posts', { title: 'Spring sale', identifier: 'Spring Sale!', content: '<p>Half off</p>', tags: 'news, sale', isPublished: 'on' });
    expect(refused.status).toBe(400);
    expect(parsePage(refused.html).one('#field-identifier').attribs['aria-invalid']).toBe('true');
    expect(refused.html).toContain('lower-case letters');
    expect(refused.html).toContain('&lt;p&gt;Half off&lt;/p&gt;</textarea>');
    const created = await browser.submit('/admin/blog-posts/new', '/admin/blog-posts', { title: 'Spring sale', identifier: 'spring-sale', content: '<p onclick="x()">Half off</p>', tags: 'news, sale', publishedAt: '2026-03-01T09:30', isPublished: 'on' });
    expect(created.status).toBe(303);
    const edit = await browser.request('GET', created.location!);
    expect(edit.html).toContain('value="2026-03-01T09:30"');
    expect(edit.html).toContain('value="news, sale"');
    expect(edit.html).toContain('&lt;p&gt;Half off&lt;/p&gt;</textarea>');
    const guest = await shop.get('/api/rest/v2/blog-posts?identifier=spring-sale');
    expect((guest.body as { member: Array<{ tags: string[]; publishedAt: string }> }).member[0]).toMatchObject({ tags: ['news', 'sale'], publishedAt: '2026-03-01 09:30:00' });
  });

  it('refuses to save over a newer change, keeping what was typed', async () => {
    const [page] = ((await shop.get('/api/rest/v2/cms-pages?identifier=about-us')).body as { member: Array<{ id: number }> }).member;
    const path = `/admin/cms-pages/${page!.id}`;
    const form = await browser.request('GET', path);
    const etag = etagOf(form.html, path);
    const first = await browser.request('POST', path, { _csrf: browser.csrfOf(form.html), _etag: etag, title: 'About us', identifier: 'about-us', content: '<p>First edit</p>', isActive: 'on' });
    expect(first.status).toBe(303);
    const second = await browser.request('POST', path, { _csrf: browser.csrfOf(form.html), _etag: etag, title: 'About us', identifier: 'about-us', content: '<p>Second edit</p>', isActive: 'on' });
    expect(second.status).toBe(400);
    expect(second.html).toContain('changed since you loaded it');
    expect(second.html).toContain('&lt;p&gt;Second edit&lt;/p&gt;');
    expect(((await shop.get('/api/rest/v2/cms-pages?identifier=about-us')).body as { member: Array<{ content: string }> }).member[0]!.content).toBe('<p>First edit</p>');
  });

  it('deletes a post from its edit page', async () => {
    const [post] = ((await shop.get('/api/rest/v2/blog-posts?identifier=spring-sale')).body as { member: Array<{ id: number }> }).member;
    const form = await browser.request('GET', `/admin/blog-posts/${post!.id}`);
    const etag = etagOf(form.html, `/admin/blog-posts/${post!.id}`);
    const deleted = await browser.request('POST', `/admin/blog-posts/${post!.id}/delete`, { _csrf: browser.csrfOf(form.html), _etag: etag });
    expect([deleted.status, deleted.location]).toEqual([303, '/admin/blog-posts?flash=deleted']);
    expect(((await shop.get('/api/rest/v2/blog-posts?identifier=spring-sale')).body as { member: unknown[] }).member).toEqual([]);
  });

  it('edits the category tree: a new category under a parent, a refused move into itself by its field', async () => {
    const grid = await browser.request('GET', '/admin/categories');
    expect(grid.html).toContain('<th>Path</th>');
    const form = await browser.request('GET', '/admin/categories/new');
    const first = parsePage(form.html).all('#field-parentId option').find((option) => option.attribs.value !== '')!;
    const parent = [first.attribs.value!, textOf(first).slice(1)];
    const created = await browser.submit('/admin/categories/new', '/admin/categories', { name: 'Gift ideas', urlKey: 'gift-ideas', parentId: parent[0]!, position: '3', description: '', isActive: 'on', includeInMenu: 'on' });
    expect(created.status).toBe(303);
    const edit = await browser.request('GET', created.location!);
    expect(edit.html).toContain(`Edit category: /${parent[1]}/gift-ideas`);
    expect(parsePage(edit.html).one('#field-parentId option[selected]').attribs.value).toBe(parent[0]);
    const id = created.location!.split('/').at(-1)!.split('?')[0]!;
    const etag = etagOf(edit.html, `/admin/categories/${id}`);
    const intoItself = await browser.request('POST', `/admin/categories/${id}`, { _csrf: browser.csrfOf(edit.html), _etag: etag, name: 'Gift ideas', urlKey: 'gift-ideas', parentId: id, position: '3', description: '', isActive: 'on' });
    expect(intoItself.status).toBe(400);
    expect(parsePage(intoItself.html).one('#field-parentId').attribs['aria-invalid']).toBe('true');
    expect(intoItself.html).toContain('Choose a category outside this one.');
  });

  it('creates a product from Catalog → Products → New product, refusing a taken SKU by its field, and deletes it', async () => {
    const form = await browser.request('GET', '/admin/products/new');
    const category = /<input type="checkbox" name="categoryIds" value="(\d+)"/.exec(form.html)!;
    const taken = ((await shop.get('/api/rest/v2/products?itemsPerPage=1')).body as { member: Array<{ sku: string }> }).member[0]!.sku;
    const fields = { name: 'Camp kettle', urlKey: 'camp-kettle', type: 'simple', price: '24.50', stockQty: '7', categoryIds: category[1]!, description: '<p>Boils fast</p>', isEnabled: 'on' };
    const refused = await browser.submit('/admin/products/new', '/admin/products/new', { ...fields, sku: taken });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/name="sku" value="[^"]*" aria-invalid="true"/);
    expect(refused.html).toContain('value="Camp kettle"');
    const created = await browser.submit('/admin/products/new', '/admin/products/new', { ...fields, sku: 'CAMP-KETTLE' });
    expect(created.status).toBe(303);
    const page = await browser.request('GET', created.location!);
    expect(page.html).toContain('Edit CAMP-KETTLE');
    const guest = (await shop.get('/api/rest/v2/products?urlKey=camp-kettle')).body as { member: Array<{ finalPrice: number; categoryIds: number[] }> };
    expect(guest.member[0]).toMatchObject({ finalPrice: 24.5, categoryIds: [Number(category[1])] });
    const id = created.location!.split('/').at(-1)!.split('?')[0]!;
    // Delete asks first, naming the product; only the confirmed form deletes.
    const asked = await browser.submit(created.location!, `/admin/products/${id}/delete`, {});
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Delete Camp kettle (SKU CAMP-KETTLE)?');
    expect(((await shop.get('/api/rest/v2/products?urlKey=camp-kettle')).body as { member: unknown[] }).member).toHaveLength(1);
    const deleted = await browser.submit(created.location!, `/admin/products/${id}/delete`, { confirmed: 'yes' });
    expect([deleted.status, deleted.location]).toEqual([303, '/admin/products?flash=deleted']);
    expect(((await shop.get('/api/rest/v2/products?urlKey=camp-kettle')).body as { member: unknown[] }).member).toEqual([]);
  });

  it('edits any product\'s content and placement on its page: texts sanitised, URL key and category saved, a bad URL key refused by its field, a stale form refused', async () => {
    const listed = (await shop.get('/api/rest/v2/products?itemsPerPage=100')).body as { member: Array<{ id: number; type: string; urlKey: string }> };
    const product = listed.member.find((item) => item.type === 'configurable')!;
    const path = `/admin/products/${product.id}`;
    const page = await browser.request('GET', path);
    // Content and placement is a part of the product's one form (its version is the form's), saved by its one Save.
    expect(page.html).toContain('<form method="post" action="' + path + '" id="product-form" data-unsaved-warning>');
    const loaded = submittedFields(page.html, path);
    expect(loaded._etag).toBe(etagOf(page.html, path));
    // The categories are a tree of checkboxes, the ones the product is in ticked.
    const ticked = [...page.html.matchAll(/<input type="checkbox" name="categoryIds" value="(\d+)" checked/g)].map((match) => Number(match[1]));
    expect(ticked).toEqual(((await shop.get(`/api/rest/v2/products/${product.id}`)).body as { categoryIds: number[] }).categoryIds);
    const category = /<input type="checkbox" name="categoryIds" value="(\d+)"/.exec(page.html)![1]!;
    const fields = { ...loaded, urlKey: `${product.urlKey}-edited`, visibility: 'catalog', categoryIds: category, position: '7', shortDescription: 'Short', description: '<p onclick="x()">Made <b>well</b></p>' };

    const refused = await browser.request('POST', path, { ...fields, urlKey: 'Not A Key' });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/name="urlKey" value="Not A Key" required aria-invalid="true" aria-describedby="content-urlKey-error"/);
    expect(refused.html).toContain('&lt;p onclick=&quot;x()&quot;&gt;Made');

    const badPosition = await browser.request('POST', path, { ...fields, position: '-1', urlKey: 'Not A Key' });
    expect(badPosition.status).toBe(400);
    expect(badPosition.html).toMatch(/name="position" type="number" min="0" step="1" value="-1" aria-invalid="true" aria-describedby="content-position-error"/);
    expect(badPosition.html).toContain('A whole number from 0.');
    expect(badPosition.html).toMatch(/name="urlKey" value="Not A Key" required aria-invalid="true"/);

    const unknownSku = await browser.request('POST', path, { ...fields, related: 'NO-SUCH-SKU' });
    expect(unknownSku.status).toBe(400);
    expect(unknownSku.html).toMatch(/name="related" value="NO-SUCH-SKU" aria-invalid="true" aria-describedby="content-relatedIds-error"/);
    expect(unknownSku.html).toContain('No product has the SKU NO-SUCH-SKU.');
    // A refused form writes nothing.
    expect(((await shop.get(`/api/rest/v2/products/${product.id}`)).body as { urlKey: string }).urlKey).toBe(product.urlKey);
    const other = listed.member.find((item) => item.type === 'simple')!;
    const otherSku = ((await shop.get(`/api/rest/v2/products/${other.id}`)).body as { sku: string }).sku;

    const saved = await browser.request('POST', path, { ...fields, related: ` ${otherSku} ` });
    expect([saved.status, saved.location]).toEqual([303, `${path}?flash=saved`]);
    const guest = (await shop.get(`/api/rest/v2/products/${product.id}`)).body as { urlKey: string; description: string; categoryIds: number[]; relatedSkus: string[] };
    expect(guest).toMatchObject({ urlKey: `${product.urlKey}-edited`, description: '<p>Made <b>well</b></p>', categoryIds: [Number(category)], relatedSkus: [otherSku], position: 7 });
    expect((await browser.request('GET', path)).html).toContain(`name="related" value="${otherSku}"`);

    // The same form again, with the version it was loaded at: someone saved since (a conflict), the text kept.
    const stale = await browser.request('POST', path, { ...fields, shortDescription: 'Mine' });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain('changed by someone else since you opened it');
    expect(stale.html).toMatch(/name="shortDescription" id="content-shortDescription" rows="3" data-rich-text\s*>Mine<\/textarea>/);
    expect(((await shop.get(`/api/rest/v2/products/${product.id}`)).body as { shortDescription: string }).shortDescription).toBe('Short');
  });

  it('uploads an image on a product\'s page and removes it', async () => {
    const [product] = ((await shop.get('/api/rest/v2/products?itemsPerPage=1')).body as { member: Array<{ id: number }> }).member;
    const page = await browser.request('GET', `/admin/products/${product!.id}`);
    expect(page.html).toContain('enctype="multipart/form-data"');
    const form = new FormData();
    form.set('_csrf', browser.csrfOf(page.html));
    form.set('alt', 'Front view');
    form.set('main', 'on');
    form.set('file', new Blob([new Uint8Array(await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2563eb' } }).png().toBuffer())], { type: 'image/png' }), 'front.png');
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    // Alternative text past 255 characters refuses the upload (nothing added), rather than being cut.
    const wordyForm = new FormData();
    for (const [name, value] of form) wordyForm.set(name, value);
    wordyForm.set('alt', 'a'.repeat(256));
    expect((await shop.app.request(`/admin/products/${product!.id}/images`, { method: 'POST', headers: { cookie }, body: wordyForm })).status).toBe(400);
    const uploaded = await shop.app.request(`/admin/products/${product!.id}/images`, { method: 'POST', headers: { cookie }, body: form });
    expect([uploaded.status, uploaded.headers.get('location')]).toEqual([303, `/admin/products/${product!.id}?flash=image_added`]);
    const after = await browser.request('GET', `/admin/products/${product!.id}`);
    expect(after.html).toMatch(/<img src="\/media\/catalog\/product\/[0-9a-f]{24}\.webp" alt="Front view"/);
    const guest = (await shop.get(`/api/rest/v2/products/${product!.id}`)).body as { imageUrl: string };
    expect(guest.imageUrl).toMatch(/\.webp$/);
    const imageId = /\/images\/(\d+)\/delete/.exec(after.html)![1]!;
    const described = await browser.request('POST', `/admin/products/${product!.id}/images/${imageId}`, { _csrf: browser.csrfOf(after.html), alt: 'Front view, closed' });
    expect([described.status, described.location]).toEqual([303, `/admin/products/${product!.id}?flash=saved#images`]);
    expect((await browser.request('GET', `/admin/products/${product!.id}`)).html).toContain('alt="Front view, closed"');
    // Past 255 characters (around the input's maxlength) it is refused, the saved text kept, not cut.
    const wordy = await browser.request('POST', `/admin/products/${product!.id}/images/${imageId}`, { _csrf: browser.csrfOf(after.html), alt: 'b'.repeat(256) });
    expect(wordy.status).toBe(400);
    expect((await browser.request('GET', `/admin/products/${product!.id}`)).html).toContain('alt="Front view, closed"');
    // The same on the product page's one form, whose Save also takes each image's alternative text.
    const productPath = `/admin/products/${product!.id}`;
    const loaded = submittedFields((await browser.request('GET', productPath)).html, productPath);
    const wordyPage = await browser.request('POST', productPath, { ...loaded, [`image_${imageId}_alt`]: 'c'.repeat(256) });
    expect(wordyPage.status).toBe(400);
    expect((await browser.request('GET', productPath)).html).toContain('alt="Front view, closed"');
    const renamed = await browser.request('POST', productPath, { ...loaded, [`image_${imageId}_alt`]: 'Front view, open' });
    expect(renamed.status).toBe(303);
    expect((await browser.request('GET', productPath)).html).toContain('alt="Front view, open"');
    const asked = await browser.request('POST', `/admin/products/${product!.id}/images/${imageId}/delete`, { _csrf: browser.csrfOf(after.html) });
    expect([asked.status, asked.html.includes('Remove image 1 of ')]).toEqual([200, true]);
    expect(((await shop.get(`/api/rest/v2/products/${product!.id}`)).body as { imageUrl: string }).imageUrl).toMatch(/\.webp$/);
    const removed = await browser.request('POST', `/admin/products/${product!.id}/images/${imageId}/delete`, { _csrf: browser.csrfOf(after.html), confirmed: 'yes' });
    expect(removed.status).toBe(303);
    expect(((await shop.get(`/api/rest/v2/products/${product!.id}`)).body as { imageUrl: string }).imageUrl).not.toMatch(/\.webp$/);
  });

  it('exports products, orders and customers as CSV, and imports products with a dry run first', async () => {
    for (const [path, header] of [
      ['/admin/products/export.csv', 'sku,name,url_key'],
      ['/admin/orders/export.csv', 'number,date_utc,status'],
      ['/admin/customers/export.csv', 'email,first_name,last_name,group,approval_status'],
    ] as const) {
      const download = await browser.request('GET', path);
      expect([download.status, download.headers.get('Content-Disposition')], path).toEqual([200, expect.stringMatching(/^attachment; filename="\w+\.csv"$/)]);
      expect(download.html.replace(/^\uFEFF/, '').startsWith(header), path).toBe(true);
    }
    // The admin API's exports are the same files, for an admin token only; a name typed as a formula stays text.
    const formula = await shop.send('POST', '/api/rest/v2/customers', { json: { email: 'formula@csv.example', firstName: '=HYPERLINK("http://x")', lastName: '+Sum', password: 'Formula#Pass2026' } });
    expect(formula.status).toBe(201);
    for (const [api, page] of [['/api/rest/v2/admin/orders/export', '/admin/orders/export.csv'], ['/api/rest/v2/admin/customers/export', '/admin/customers/export.csv'], ['/api/rest/v2/admin/products/export', '/admin/products/export.csv']] as const) {
      const viaApi = await shop.app.request(api, { headers: await adminBearer(shop) });
      expect([viaApi.status, viaApi.headers.get('Content-Type')], api).toEqual([200, 'text/csv; charset=utf-8']);
      expect(await viaApi.text(), api).toBe((await browser.request('GET', page)).html);
      expect((await shop.app.request(api)).status, api).toBe(401);
    }
    const customersCsv = (await browser.request('GET', '/admin/customers/export.csv')).html;
    expect(customersCsv).toContain(`formula@csv.example,"'=HYPERLINK(""http://x"")",'+Sum,`);
    const docs = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/api/rest/v2/admin/orders/export', '/api/rest/v2/admin/customers/export']));

    const page = await browser.request('GET', '/admin/products/import');
    const send = async (dryRun: boolean) => {
      const form = new FormData();
      form.set('_csrf', browser.csrfOf(page.html));
      if (dryRun) form.set('dryRun', 'on');
      form.set('file', new Blob(['sku,name,url_key,price\nCSV-PAGE-1,Page import,page-import,3\nCSV-PAGE-2,,bad key!,1\n'], { type: 'text/csv' }), 'products.csv');
      const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await shop.app.request('/admin/products/import', { method: 'POST', headers: { cookie }, body: form });
      return response.text();
    };
    const dry = await send(true);
    expect(dry).toContain('Dry run: nothing was changed');
    expect(dry).toContain('2 rows: 1 to create, 0 to update, 1 refused.');
    expect(dry).toMatch(/<td>3<\/td><td>CSV-PAGE-2<\/td><td>name<\/td>/);
    expect(((await shop.get('/api/rest/v2/products?urlKey=page-import')).body as { member: unknown[] }).member).toEqual([]);
    expect(await send(false)).toContain('2 rows: 1 created, 0 updated, 1 refused.');
    expect(((await shop.get('/api/rest/v2/products?urlKey=page-import')).body as { member: unknown[] }).member).toHaveLength(1);
  });

  it('finds an order by its customer\'s name, notes it, cancels it by refunding its captured payment with its items back in stock, and keeps the history', async () => {
    const product = ((await shop.get('/api/rest/v2/products?itemsPerPage=50')).body as { member: Array<{ id: number; sku: string; type: string; stockStatus: string }> }).member.find((item) => item.type === 'simple' && item.stockStatus === 'in_stock')!;
    const stockBefore = ((await shop.send<{ stockQty: number }>('GET', `/api/rest/v2/admin/products/${product.id}`, { headers: await adminBearer(shop) })).body).stockQty;
    const token = (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')!;
    const cart = { 'x-cart-token': token };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 2 }, headers: cart });
    const placed = await shop.send<{ id: number; number: string }>('POST', '/api/rest/v2/checkout/place-order', {
      json: { ...placeOrderBody(await payCart(shop, cart), 'ordering@example.com'), shippingAddress: { ...usAddress, firstName: 'Odette', lastName: 'Ordway' } },
      headers: { ...cart, 'idempotency-key': 'admin-orders-1' },
    });
    expect(placed.status).toBe(201);

    const found = await browser.request('GET', '/admin/orders?q=odette%20ordway');
    expect(found.html).toContain(`>${placed.body.number}</a>`);
    expect((await browser.request('GET', '/admin/orders?q=nobody-at-all')).html).not.toContain(`>${placed.body.number}</a>`);

    const path = `/admin/orders/${placed.body.id}`;
    expect((await browser.submit(path, `${path}/notes`, { note: 'Customer asked for gift wrap.' })).status).toBe(303);
    // Its payment is captured, so there is no Cancel but a refund (cancel.ts); the refund that completes it cancels it.
    expect((await browser.request('GET', path)).html).toContain('Its payment is captured: refund what is left');
    // A refund asks first: the unconfirmed form refunds nothing.
    const asked = await browser.submit(path, `${path}/refunds`, { reason: 'Out of gift wrap' });
    expect([asked.status, asked.html.includes('Cancel, change nothing')]).toEqual([200, true]);
    expect((await browser.submit(path, `${path}/refunds`, { reason: 'Out of gift wrap', confirmed: 'yes' })).status).toBe(303);
    const page = await browser.request('GET', path);
    // The status in the shopper's words, the methods by their titles, the lines in money.
    const heading = parsePage(page.html);
    expect(textOf(heading.one('strong[data-order-status]'))).toBe('Canceled');
    expect(page.html).toContain('Payment: Test card payments · Shipping: Flat rate');
    expect(page.html).not.toContain('shipped by');
    expect(page.html).toMatch(/admin@example\.com: Customer asked for gift wrap\./);
    const history = parsePage(page.html).all('strong').map((strong) => textOf(strong));
    expect(history).toContainEqual(expect.stringMatching(/^Refunded \$[\d.]+ \(re_test_\w+\): Out of gift wrap$/));
    expect(page.html).toMatch(/<strong>canceled<\/strong> \(Refunded in full\.\)/);
    expect(page.html).not.toContain('/cancel"');
    const stockAfter = ((await shop.send<{ stockQty: number }>('GET', `/api/rest/v2/admin/products/${product.id}`, { headers: await adminBearer(shop) })).body).stockQty;
    expect(stockAfter).toBe(stockBefore);
    const again = await browser.submit(path, `${path}/cancel`, {});
    expect(again.location).toBe(`${path}?flash=not_cancelable`);
  });

  it('filters the orders grid by status and the days placed, sorts it by total, and ignores filters it cannot read', async () => {
    const number = (html: string) => parsePage(html).all('a[href^="/admin/orders/"]').filter((link) => /^\/admin\/orders\/\d+$/.test(link.attribs.href!)).map((link) => textOf(link));
    const canceled = number((await browser.request('GET', '/admin/orders?status=canceled')).html);
    expect(canceled.length).toBeGreaterThan(0);
    const all = number((await browser.request('GET', '/admin/orders')).html);
    const today = new Date().toISOString().slice(0, 10);
    expect(number((await browser.request('GET', `/admin/orders?from=${today}&to=${today}`)).html).length).toBe(all.length);
    expect(number((await browser.request('GET', '/admin/orders?to=2001-01-01')).html)).toEqual([]);
    const byTotal = await browser.request('GET', '/admin/orders?sort=total');
    expect(textOf(parsePage(byTotal.html).one('th[aria-sort="ascending"] a[href="?sort=-total"]'))).toBe('Total');
    const bad = await browser.request('GET', '/admin/orders?status=lost&from=yesterday&to=2026-02-31&size=7&sort=drop&page=-3');
    expect(bad.status).toBe(200);
    expect(number(bad.html)).toEqual(all);
  });

  it('filters the customers grid by group and approval status, sorts it by email, and ignores filters it cannot read', async () => {
    const emails = (html: string) => parsePage(html).all('a[href^="/admin/customers/"]').filter((link) => /^\/admin\/customers\/\d+$/.test(link.attribs.href!)).map((link) => textOf(link));
    for (const [email, groupId] of [['grid-wholesale@example.com', 2], ['grid-retail@example.com', 1]] as const) {
      await shop.send('POST', '/api/rest/v2/customers', { json: { email, firstName: 'Grid', lastName: 'Filter', password: 'Grid#Pass2026' } });
      const [row] = await shop.database.db.select().from(customers).where(eq(customers.email, email));
      await shop.database.db.update(customers).set({ groupId }).where(eq(customers.id, row!.id));
    }
    const wholesale = emails((await browser.request('GET', '/admin/customers?q=grid-&group=2')).html);
    expect(wholesale).toEqual(['grid-wholesale@example.com']);
    const sorted = emails((await browser.request('GET', '/admin/customers?q=grid-&sort=email')).html);
    expect(sorted).toEqual(['grid-retail@example.com', 'grid-wholesale@example.com']);
    expect(emails((await browser.request('GET', '/admin/customers?q=grid-&approval=pending')).html)).toEqual([]);
    const bad = await browser.request('GET', '/admin/customers?q=grid-&group=x&approval=maybe&sort=up&size=3');
    expect([bad.status, emails(bad.html).sort()]).toEqual([200, ['grid-retail@example.com', 'grid-wholesale@example.com']]);
  });

  it('filters and sorts the products grid, and disables and re-enables ticked products in bulk', async () => {
    const filtered = await browser.request('GET', '/admin/products?type=configurable&status=enabled&sort=-sku&size=20');
    expect(filtered.status).toBe(200);
    const skus = [...filtered.html.matchAll(/<td><a href="\/admin\/products\/\d+">([^<]+)<\/a><\/td><td>[^<]*<\/td><td>(\w+)<\/td>/g)].map((m) => [m[1]!, m[2]!]);
    expect(skus.length).toBeGreaterThan(1);
    expect(skus.every(([, type]) => type === 'configurable')).toBe(true);
    expect(skus.map(([sku]) => sku)).toEqual([...skus.map(([sku]) => sku)].sort().reverse());
    expect(filtered.html).toContain('aria-sort="descending"');

    const ids = [...filtered.html.matchAll(/name="ids" value="(\d+)"/g)].slice(0, 2).map((m) => m[1]!);
    const form = new URLSearchParams({ _csrf: browser.csrfOf(filtered.html), action: 'disable' });
    for (const id of ids) form.append('ids', id);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const bulk = await shop.app.request('/admin/products/bulk', { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(await bulk.text()).toContain('2 products disabled.');
    const disabled = await browser.request('GET', '/admin/products?status=disabled&size=100');
    for (const id of ids) expect(disabled.html).toContain(`name="ids" value="${id}"`);
    form.set('action', 'enable');
    await shop.app.request('/admin/products/bulk', { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect((await browser.request('GET', '/admin/products?status=disabled&size=100')).html).not.toContain(`name="ids" value="${ids[0]}"`);
    const nothing = await browser.submit('/admin/products', '/admin/products/bulk', { action: 'enable' });
    expect(nothing.html).toContain('Tick at least one product and choose an action.');
  });
});
