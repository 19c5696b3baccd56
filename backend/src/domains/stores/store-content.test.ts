/**
 * Per-store content (issue 17) over HTTP: a store view's own product name, texts and meta fields set
 * through `storeOverrides.{code}` of the admin API; the AU store's public record, listing and search
 * show them and the default store does not; clearing restores inheritance; unknown store views and
 * bad values are 400 naming the field with nothing written; HTML sanitised; every save announced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../platform/modules/define-module.ts';
import { etagOf, submittedFields } from '../../../test/helpers/admin-forms.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';
import { parsePage } from '../../../test/helpers/html.ts';

type Texts = { name: string | null; shortDescription: string | null; description: string | null; metaTitle: string | null; metaDescription: string | null };
interface AdminProduct {
  id: number;
  name: string;
  storeOverrides: Record<string, Partial<Texts> & { price: number }>;
  error?: string;
  details?: Array<{ field: string; message: string }>;
}
interface PublicProduct {
  id: number;
  name: string;
  shortDescription: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  finalPrice: number;
}

describe.each(dialects)('per-store product texts (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const saved: number[] = [];
  let product: AdminProduct;

  const api = (method: string, path = '', json?: unknown, headers: Record<string, string> = {}) =>
    shop.send<AdminProduct>(method, `/api/rest/v2/admin/products${path}`, { json, headers: { ...admin, ...headers } });
  const etagOf = async (id: number) => (await api('GET', `/${id}`)).headers.get('ETag')!;
  const detail = async (store?: string) => (await shop.get(`/api/rest/v2/products/${product.id}${store ? `?store=${store}` : ''}`)).body as PublicProduct;

  beforeAll(async () => {
    const probe = defineModule({
      id: 'saved-probe',
      title: 'Probe',
      subscribers: [{ event: 'catalog_product_saved', handle: (batch) => void saved.push(...batch.map((event) => event.payload.productId as number)) }],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    const created = await api('POST', '', { sku: 'STORE-TEXT-1', name: 'Storm lantern', urlKey: 'storm-lantern-texts', price: 40, stockQty: 5, shortDescription: '<p>Bright</p>', metaTitle: 'Lantern' });
    expect(created.status).toBe(201);
    product = created.body;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('shows the AU store its own texts (sanitised) and the default store the product\'s', async () => {
    saved.length = 0;
    const changed = await api(
      'PATCH',
      `/${product.id}`,
      {
        storeOverrides: {
          au: { name: 'Bushfire lantern', shortDescription: '<p onclick="x()">Fair dinkum</p>', description: '<script>alert(1)</script><p>Long</p>', metaTitle: 'Lantern AU', metaDescription: 'For the outback' },
        },
      },
      { 'If-Match': await etagOf(product.id) },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.storeOverrides.au).toEqual({ price: 40, specialPrice: null, name: 'Bushfire lantern', shortDescription: '<p>Fair dinkum</p>', description: '<p>Long</p>', metaTitle: 'Lantern AU', metaDescription: 'For the outback' });
    // Texts alone leave the prices as they were.
    expect(changed.body.storeOverrides.default).toEqual({ price: 40, specialPrice: null });
    await expect.poll(() => saved.includes(product.id), { timeout: 5000 }).toBe(true);
    // The audit log says which texts changed, without copying their HTML.
    const log = await shop.send<{ member: Array<{ action: string; subject: string; diff: unknown }> }>('GET', '/api/rest/v2/admin/audit-log?module=core', { headers: admin });
    const entry = log.body.member.find((each) => each.action === 'product.updated' && each.subject === `product:${product.id}`)!;
    expect(JSON.stringify(entry.diff)).toContain('Bushfire lantern');
    expect(JSON.stringify(entry.diff)).not.toContain('Fair dinkum');

    expect(await detail('au')).toMatchObject({ name: 'Bushfire lantern', shortDescription: '<p>Fair dinkum</p>', description: '<p>Long</p>', metaTitle: 'Lantern AU', metaDescription: 'For the outback', finalPrice: 40 });
    expect(await detail()).toMatchObject({ name: 'Storm lantern', shortDescription: '<p>Bright</p>', description: '', metaTitle: 'Lantern', metaDescription: '' });
    const listing = (await shop.get('/api/rest/v2/products?urlKey=storm-lantern-texts&store=au', { 'x-store-code': 'au' })).body as { member: PublicProduct[] };
    expect(listing.member[0]!.name).toBe('Bushfire lantern');
  });

  it('names a cart line by the cart\'s store view: the AU cart says the AU name, the default cart the product\'s', async () => {
    const lineName = async (store?: string) => {
      const query = store ? `?store=${store}` : '';
      const token = (await shop.send('GET', `/api/rest/v2/cart${query}`)).headers.get('x-cart-token')!;
      const added = await shop.send<{ items: Array<{ name: string }> }>('POST', `/api/rest/v2/cart/items${query}`, { json: { sku: 'STORE-TEXT-1', qty: 1 }, headers: { 'x-cart-token': token } });
      expect(added.status).toBe(200);
      return added.body.items[0]!.name;
    };
    expect(await lineName('au')).toBe('Bushfire lantern');
    expect(await lineName()).toBe('Storm lantern');
  });

  it('finds the product by its AU name in the AU store only', async () => {
    const au = (await shop.get('/api/rest/v2/search?q=bushfire&store=au')).body as { member: PublicProduct[] };
    expect(au.member.map((found) => [found.id, found.name])).toEqual([[product.id, 'Bushfire lantern']]);
    const fallback = (await shop.get('/api/rest/v2/search?q=bushfire')).body as { member: PublicProduct[] };
    expect(fallback.member.map((found) => found.id)).not.toContain(product.id);
  });

  it('clears a field with null or an empty string: the AU store inherits it again', async () => {
    const changed = await api('PATCH', `/${product.id}`, { storeOverrides: { au: { name: null, metaTitle: '' } } }, { 'If-Match': await etagOf(product.id) });
    expect(changed.status).toBe(200);
    expect(changed.body.storeOverrides.au).toMatchObject({ name: null, metaTitle: null, metaDescription: 'For the outback' });
    expect(await detail('au')).toMatchObject({ name: 'Storm lantern', metaTitle: 'Lantern', metaDescription: 'For the outback' });
    const rest = await api('PATCH', `/${product.id}`, { storeOverrides: { au: { shortDescription: null, description: null, metaDescription: null } } }, { 'If-Match': await etagOf(product.id) });
    expect(rest.body.storeOverrides.au).toEqual({ price: 40, specialPrice: null, name: null, shortDescription: null, description: null, metaTitle: null, metaDescription: null });
    expect(await detail('au')).toMatchObject({ shortDescription: '<p>Bright</p>', metaDescription: '' });
  });

  it('refuses unknown store views, the default view, over-long and invalid values with 400 on the field, writing nothing', async () => {
    const before = await api('GET', `/${product.id}`);
    const etag = before.headers.get('ETag')!;
    const refusals: Array<[unknown, string]> = [
      [{ storeOverrides: { mars: { name: 'Red lantern' } } }, 'storeOverrides'],
      [{ storeOverrides: { default: { name: 'Other' } } }, 'storeOverrides'],
      [{ storeOverrides: { au: { name: 'x'.repeat(256) } } }, 'storeOverrides'],
      [{ storeOverrides: { au: { metaDescription: 'x'.repeat(1001) } } }, 'storeOverrides'],
      [{ storeOverrides: { au: { name: 42 } } }, 'storeOverrides'],
      [{ storeOverrides: { au: { tagline: 'Nope' } } }, 'storeOverrides'],
      [{ name: 'Renamed', storeOverrides: { au: { name: 'Mine' }, mars: { name: 'Red' } } }, 'storeOverrides'],
    ];
    for (const [body, fieldName] of refusals) {
      const refused = await api('PATCH', `/${product.id}`, body, { 'If-Match': etag });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.details?.some((detail) => detail.field.startsWith(fieldName)), JSON.stringify(refused.body)).toBe(true);
    }
    const after = await api('GET', `/${product.id}`);
    expect(after.headers.get('ETag')).toBe(etag);
    expect(after.body.name).toBe('Storm lantern');
    expect(after.body.storeOverrides.au!.name).toBeNull();
  });

  it('edits the AU store\'s texts on the product page\'s content form: empty inherits, a bad value is refused by its field with the text kept', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', `/admin/products/${product.id}`);
    // Content and placement is a part of the product's one form, saved by its one Save.
    const form = /<form method="post" action="\/admin\/products\/\d+" id="product-form"[\s\S]*?<\/form>/.exec(page.html)![0];
    expect(form).toMatch(/<h[23] id="[a-z-]*store-au">Store view: /);
    expect(form).toContain('name="store:au:name"');
    expect(form).not.toContain('name="store:default:name"');
    const path = `/admin/products/${product.id}`;
    const typed = { ...submittedFields(page.html, path), visibility: 'catalog', metaTitle: 'Lantern', shortDescription: '<p>Bright</p>', 'store:au:shortDescription': '', 'store:au:description': '', 'store:au:metaDescription': '' };

    const tooLong = await browser.request('POST', path, { ...typed, 'store:au:name': 'Outback lantern', 'store:au:metaTitle': 'x'.repeat(256) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain('name="store:au:metaTitle" id="content-store:au:metaTitle" value="' + 'x'.repeat(256) + '" maxlength="255" aria-invalid="true" aria-describedby="content-store:au:metaTitle-error"');
    expect(tooLong.html).toContain('id="content-store:au:metaTitle-error"');
    expect(tooLong.html).toContain('value="Outback lantern"');
    expect((await detail('au')).name).toBe('Storm lantern');

    const saved = await browser.request('POST', path, { ...typed, 'store:au:name': 'Outback lantern', 'store:au:metaTitle': '' });
    expect(saved.status, saved.html.match(/role="alert">[^<]*/g)?.join(' ')).toBe(303);
    expect(await detail('au')).toMatchObject({ name: 'Outback lantern', metaTitle: 'Lantern' });
    expect((await detail()).name).toBe('Storm lantern');
    const again = await browser.request('GET', `/admin/products/${product.id}`);
    expect(again.html).toContain('name="store:au:name" id="content-store:au:name" value="Outback lantern"');

    // The form loaded before that save is stale now: refused (a conflict), the text kept.
    const stale = await browser.request('POST', path, { ...typed, 'store:au:name': 'Lost change' });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain('changed by someone else since you opened it');
    expect(stale.html).toContain('value="Lost change"');
    expect((await detail('au')).name).toBe('Outback lantern');
    await api('PATCH', `/${product.id}`, { storeOverrides: { au: { name: null } } }, { 'If-Match': await etagOf(product.id) });
  });

  it('takes a store view\'s texts on create, and lets a product priced by its children have them', async () => {
    const created = await api('POST', '', { sku: 'STORE-TEXT-2', name: 'Camp kettle', urlKey: 'camp-kettle-texts', price: 20, storeOverrides: { au: { price: 30, name: 'Billy' } } });
    expect(created.status).toBe(201);
    expect(created.body.storeOverrides.au).toMatchObject({ price: 30, name: 'Billy' });
    const au = (await shop.get(`/api/rest/v2/products/${created.body.id}?store=au`)).body as PublicProduct;
    expect(au).toMatchObject({ name: 'Billy', finalPrice: 30 });

    const configurable = (await api('GET', '?itemsPerPage=100')).body as unknown as { member: Array<AdminProduct & { type: string }> };
    const parent = configurable.member.find((candidate) => candidate.type === 'configurable')!;
    const named = await api('PATCH', `/${parent.id}`, { storeOverrides: { au: { name: 'AU parent' } } }, { 'If-Match': await etagOf(parent.id) });
    expect(named.status).toBe(200);
    const priced = await api('PATCH', `/${parent.id}`, { storeOverrides: { au: { price: 5 } } }, { 'If-Match': await etagOf(parent.id) });
    expect(priced.status).toBe(409);
  });
});

describe.each(dialects)('per-store page and post texts (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const saved: string[] = [];

  type Document = { id: number; title: string; content: string; storeOverrides: Record<string, Record<string, string | null>>; details?: Array<{ field: string }> };
  const api = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    shop.send<Document & { member?: Document[] }>(method, `/api/rest/v2/admin/${path}`, { json, headers: { ...admin, ...headers } });
  /** The public record without its updatedAt (each save moves it, so the storefront syncs). */
  const publicOne = async (path: string, identifier: string, store?: string) => {
    const record = ((await shop.get(`/api/rest/v2/${path}?identifier=${identifier}${store ? `&store=${store}` : ''}`)).body as { member: Array<Record<string, string>> }).member[0]!;
    return Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'updatedAt'));
  };

  beforeAll(async () => {
    const probe = defineModule({
      id: 'saved-probe',
      title: 'Probe',
      subscribers: [
        { event: 'cms_page_saved', handle: (batch) => void saved.push(...batch.map((event) => `page:${event.payload.pageId}`)) },
        { event: 'blog_post_saved', handle: (batch) => void saved.push(...batch.map((event) => `post:${event.payload.postId}`)) },
      ],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const kinds = [
    { path: 'cms-pages', identifier: 'about-us', event: 'page', texts: { title: 'About us, mate', content: '<p onclick="x()">G\'day</p><script>1</script>', metaTitle: 'About AU', metaDescription: 'Down under' } },
    { path: 'blog-posts', identifier: 'caring-for-cast-iron', event: 'post', texts: { title: 'Caring for your cast iron, mate', excerpt: 'Season it', content: '<p onclick="x()">G\'day</p><script>1</script>' } },
  ];

  it.each(kinds)('$path: the AU store shows its own texts (sanitised), the default store the record\'s; clearing inherits again', async ({ path, identifier, event, texts }) => {
    const [record] = (await api('GET', `${path}?identifier=${identifier}`)).body.member!;
    const own = await publicOne(path, identifier);
    const etag = (await api('GET', `${path}/${record!.id}`)).headers.get('ETag')!;
    saved.length = 0;
    const changed = await api('PATCH', `${path}/${record!.id}`, { storeOverrides: { au: texts } }, { 'If-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.storeOverrides.au).toMatchObject({ ...texts, content: '<p>G\'day</p>' });
    // The texts are part of the version: the old ETag is stale now.
    expect(changed.headers.get('ETag')).not.toBe(etag);
    const stale = await api('PATCH', `${path}/${record!.id}`, { storeOverrides: { au: { title: 'Lost' } } }, { 'If-Match': etag });
    expect(stale.status).toBe(412);
    await expect.poll(() => saved.includes(`${event}:${record!.id}`), { timeout: 5000 }).toBe(true);

    expect(await publicOne(path, identifier, 'au')).toMatchObject({ ...texts, content: '<p>G\'day</p>' });
    expect(await publicOne(path, identifier)).toEqual(own);

    const cleared = await api('PATCH', `${path}/${record!.id}`, { storeOverrides: { au: Object.fromEntries(Object.keys(texts).map((key) => [key, null])) } }, { 'If-Match': changed.headers.get('ETag')! });
    expect(cleared.status).toBe(200);
    expect(Object.values(cleared.body.storeOverrides.au!).every((value) => value === null)).toBe(true);
    expect(await publicOne(path, identifier, 'au')).toEqual(own);
  });

  it.each(kinds)('$path: an unknown or default store view, an over-long or unknown field is 400 on storeOverrides, writing nothing', async ({ path, identifier }) => {
    const [record] = (await api('GET', `${path}?identifier=${identifier}`)).body.member!;
    const etag = (await api('GET', `${path}/${record!.id}`)).headers.get('ETag')!;
    for (const body of [
      { storeOverrides: { mars: { title: 'Red' } } },
      { storeOverrides: { default: { title: 'Other' } } },
      { storeOverrides: { au: { title: 'x'.repeat(256) } } },
      { storeOverrides: { au: { author: 'Someone' } } },
      { title: 'Renamed', storeOverrides: { au: { title: 'Mine' }, mars: { title: 'Red' } } },
    ]) {
      const refused = await api('PATCH', `${path}/${record!.id}`, body, { 'If-Match': etag });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.details?.some((detail) => detail.field.startsWith('storeOverrides')), JSON.stringify(refused.body)).toBe(true);
    }
    const after = await api('GET', `${path}/${record!.id}`);
    expect(after.headers.get('ETag')).toBe(etag);
  });

  it('edits a page\'s AU title and content on its admin form: empty inherits, a bad value is refused by its field with the text kept', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const [page] = (await api('GET', 'cms-pages?identifier=about-us')).body.member!;
    const path = `/admin/cms-pages/${page!.id}`;
    const form = await browser.request('GET', path);
    expect(form.html).toMatch(/<h[23] id="[a-z-]*store-au">Store view: /);
    expect(form.html).toContain('name="store:au:title"');
    const etag = etagOf(form.html, path);
    const own = { _csrf: browser.csrfOf(form.html), _etag: etag, title: 'About us', identifier: 'about-us', content: '<p>Ours</p>', isActive: 'on', 'store:au:metaTitle': '', 'store:au:metaDescription': '' };

    const refused = await browser.request('POST', path, { ...own, 'store:au:title': 'x'.repeat(256), 'store:au:content': '<p>Kept</p>' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('&lt;p&gt;Kept&lt;/p&gt;</textarea>');
    expect(parsePage(refused.html).one('[id="field-store:au:title"]').attribs['aria-invalid']).toBe('true');
    expect((await publicOne('cms-pages', 'about-us', 'au')).title).toBe('About us');

    const saved = await browser.request('POST', path, { ...own, 'store:au:title': 'About us, cobber', 'store:au:content': '' });
    expect(saved.status).toBe(303);
    expect(await publicOne('cms-pages', 'about-us', 'au')).toMatchObject({ title: 'About us, cobber', content: '<p>Ours</p>' });
    expect((await publicOne('cms-pages', 'about-us')).title).toBe('About us');
    expect((await browser.request('GET', path)).html).toContain('value="About us, cobber"');
  });

  it('creates a page with a store view\'s title', async () => {
    const created = await api('POST', 'cms-pages', { identifier: 'shipping-au', title: 'Shipping', content: '<p>Post</p>', storeOverrides: { au: { title: 'Shipping in Australia' } } });
    expect(created.status).toBe(201);
    expect(await publicOne('cms-pages', 'shipping-au', 'au')).toMatchObject({ title: 'Shipping in Australia', content: '<p>Post</p>' });
    expect(await publicOne('cms-pages', 'shipping-au')).toMatchObject({ title: 'Shipping' });
  });
});
