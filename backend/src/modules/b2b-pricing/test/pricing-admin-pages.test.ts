import { textContent } from 'domutils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer, adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { parsePage } from '../../../../test/helpers/html.ts';
import { aSimpleProduct, shopper, tradeBuyer } from '../../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import { changeCustomerGroup } from '../../../domains/customers/service.ts';
import b2bAccess from '../../b2b-access/index.ts';
import b2bPricing from '../index.ts';
import type { CompanyView, PriceListView } from '../routes/wire.ts';

const api = '/api/rest/v2/admin/b2b-pricing';
const pages = '/admin/b2b-pricing';
const wholesale = 2;

/** The module's admin pages over HTTP, as a browser without JavaScript sends them: every input hostile, nothing half-written. */
describe.each(dialects)('B2B Pricing admin pages (%s)', (dialect) => {
  let shop: TestShop;
  let bearer: Record<string, string>;
  let browser: ReturnType<typeof adminBrowser>;
  let buyerId: number;
  let skuA: string;
  let skuB: string;
  let catalogA: number;

  const send = <T>(method: string, path: string, json?: unknown) => shop.send<T>(method, `${api}${path}`, { json, headers: bearer });
  const total = async (path: string) => (await send<{ totalItems: number }>('GET', path)).body.totalItems;
  const get = (path: string) => browser.request('GET', `${pages}${path}`);
  const post = (pagePath: string, action: string, fields: Record<string, string>) => browser.submit(`${pages}${pagePath}`, `${pages}${action}`, fields);
  /** Names of the controls the page marks invalid (the field kit's aria-invalid beside its message). */
  const invalid = (html: string) => parsePage(html).all('[aria-invalid="true"]').map((element) => element.attribs.name);
  /** The text of each cell of the rows `selector` matches. */
  const cells = (html: string, selector: string) => parsePage(html).all(selector).map((row) => parsePage(html).all('td', row).map((cell) => textContent(cell).trim()));
  const hidden = (html: string, name: string) => parsePage(html).one(`input[name="${name}"]`).attribs.value ?? '';
  /** A multipart post (a file input), with the session's cookies and the page's CSRF token. */
  async function upload(pagePath: string, action: string, fields: Record<string, string>, csv: string, etag?: string) {
    const page = await get(pagePath);
    const form = new FormData();
    form.set('_csrf', browser.csrfOf(page.html));
    form.set('_etag', etag ?? hidden(page.html, '_etag'));
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new File([csv], 'items.csv', { type: 'text/csv' }));
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await shop.app.request(`${pages}${action}`, { method: 'POST', headers: { cookie }, body: form });
    // The outcome of an import travels in a cookie, as the browser keeps it.
    for (const line of response.headers.getSetCookie()) {
      const [name, value = ''] = line.split(';')[0]!.split('=');
      browser.cookies.set(name!, value);
    }
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  }
  const newList = async (code: string, items: unknown[] = []) => {
    const created = await send<PriceListView>('POST', '/price-lists', { code, name: code, items });
    expect(created.status).toBe(201);
    return created.body;
  };

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bAccess, b2bPricing] });
    bearer = await adminBearer(shop);
    browser = adminBrowser(shop);
    await browser.signIn();
    await send('PUT', '/config', { enabled: true });
    const [a, b] = await Promise.all([aSimpleProduct(shop.database.db, 0), aSimpleProduct(shop.database.db, 1)]);
    skuA = a.sku;
    skuB = b.sku;
    catalogA = ((await shop.get(`/api/rest/v2/products/${a.id}`)).body as { finalPrice: number }).finalPrice;
    buyerId = ((await shop.send<{ member: { id: number; email: string }[] }>('GET', '/api/rest/v2/admin/customers?search=buyer@trade.example', { headers: bearer })).body.member ?? []).find((c) => c.email === tradeBuyer.email)?.id ?? 2;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('offers the generated configuration page beside its own', async () => {
    expect((await browser.request('GET', `${pages}/config`)).status).toBe(200);
  });

  it('needs the admin session', async () => {
    const anonymous = await shop.app.request(`${pages}/companies`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin/login');
  });

  describe('companies', () => {
    let list: PriceListView;
    beforeAll(async () => {
      list = await newList('harbour');
    });

    it.each([
      [{ name: ' ' }, 'name'],
      [{ name: 'X', customerGroupId: '999' }, 'customerGroupId'],
      [{ name: 'X', 'buyers.0.email': 'nobody@nowhere.example' }, 'buyers.0.email'],
      [{ name: 'X', 'buyers.0.email': shopper.email, 'buyers.0.role': 'owner' }, 'buyers.0.role'],
      [{ name: 'X', 'paymentTerms.netDays': '30' }, 'paymentTerms.creditLimit'],
      [{ name: 'X', 'paymentTerms.creditLimit': '100' }, 'paymentTerms.netDays'],
      [{ name: 'X', 'paymentTerms.netDays': 'thirty', 'paymentTerms.creditLimit': '100' }, 'paymentTerms.netDays'],
      [{ name: 'X', 'paymentTerms.netDays': '30', 'paymentTerms.creditLimit': '100.005' }, 'paymentTerms.creditLimit'],
      [{ name: 'X', 'paymentTerms.netDays': '400', 'paymentTerms.creditLimit': '100' }, 'paymentTerms.netDays'],
    ])('a company form with %j is shown again, the problem beside %s, and nothing is saved', async (fields, field) => {
      const before = await total('/companies');
      const answer = await post('/companies/new', '/companies', fields);
      expect(answer.status).toBe(400);
      expect(invalid(answer.html)).toContain(field);
      // What was typed is kept.
      expect(parsePage(answer.html).one('input[name="name"]').attribs.value).toBe(fields.name);
      expect(await total('/companies')).toBe(before);
    });

    it('says what is wrong beside the field in the API\'s own words, a buyer\'s beside the row it was typed on', async () => {
      /** The message beside each field the page marks invalid. */
      const messages = (html: string) =>
        Object.fromEntries(parsePage(html).all('[aria-invalid="true"]').map((element) => [element.attribs.name, textContent(parsePage(html).one(`#${element.attribs['aria-describedby']!} ~ strong.error`)).trim()]));
      const terms = await post('/companies/new', '/companies', { name: 'X', 'paymentTerms.netDays': '400', 'paymentTerms.creditLimit': '' });
      expect(messages(terms.html)).toEqual({ 'paymentTerms.netDays': 'At most 365.', 'paymentTerms.creditLimit': 'Give both net days and a credit limit, or neither.' });
      expect(messages((await post('/companies/new', '/companies', { name: 'X', 'paymentTerms.netDays': 'thirty', 'paymentTerms.creditLimit': '1.5' })).html)).toEqual({ 'paymentTerms.netDays': 'Not a number.' });
      expect(messages((await post('/companies/new', '/companies', { name: ' ' })).html)).toEqual({ name: 'Give the company a name.' });
      // Row 1 cleared, row 2 typed: the unknown email is marked on row 2.
      const rows = await post('/companies/new', '/companies', { name: 'X', 'buyers.0.email': tradeBuyer.email, 'buyers.1.email': '', 'buyers.2.email': 'nobody@nowhere.example', 'buyers.2.role': 'owner' });
      expect(messages(rows.html)).toEqual({ 'buyers.2.role': 'A buyer or an admin.' });
    });

    it('a form with more buyer rows than a company may have is refused whole', async () => {
      const rows = Object.fromEntries(Array.from({ length: 1003 }, (_, n) => [`buyers.${n}.email`, `b${n}@x.example`]));
      const answer = await post('/companies/new', '/companies', { name: 'Crowd', ...rows });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('At most 1000 buyers.');
    });

    it('a price list id no list has is refused beside the lists, nothing saved', async () => {
      const before = await total('/companies');
      const answer = await post('/companies/new', '/companies', { name: 'X', 'priceListIds.0': '99999' });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('No price list has id 99999.');
      expect(await total('/companies')).toBe(before);
    });

    it('creates a company with its group, lists in order, buyers by email and terms; the grid shows it', async () => {
      const second = await newList('harbour-extra');
      const created = await post('/companies/new', '/companies', {
        name: 'Harbour Cafés',
        customerGroupId: String(wholesale),
        'priceListIds.0': String(second.id),
        'priceListIds.1': '',
        'priceListIds.2': String(list.id),
        'buyers.0.email': ` ${tradeBuyer.email.toUpperCase()} `,
        'buyers.0.role': 'admin',
        'buyers.1.email': '',
        'paymentTerms.netDays': '30',
        'paymentTerms.creditLimit': '5000',
      });
      expect(created.status).toBe(303);
      const id = Number(/companies\/(\d+)\?flash=created$/.exec(created.location ?? '')?.[1]);
      const company = (await send<CompanyView>('GET', `/companies/${id}`)).body;
      expect(company).toMatchObject({ name: 'Harbour Cafés', customerGroupId: wholesale, priceListIds: [second.id, list.id], paymentTerms: { netDays: 30, creditLimit: 5000 }, buyers: [{ customerId: buyerId, role: 'admin' }] });
      expect(cells((await get('/companies?q=harbour')).html, `tr[data-company-id="${id}"]`)).toEqual([['Harbour Cafés', 'Wholesale', '1', 'harbour-extra, harbour', 'Net 30, limit 5000.00']]);
      // The editor shows the buyer by email and the lists in their slots.
      const editor = parsePage((await get(`/companies/${id}`)).html);
      expect(editor.one('input[name="buyers.0.email"]').attribs.value).toBe(tradeBuyer.email);
      expect(editor.one('select[name="priceListIds.1"] option[selected]').attribs.value).toBe(String(list.id));
      // A buyer of one company cannot be given to another: refused beside the row, nothing saved.
      const before = await total('/companies');
      const taken = await post('/companies/new', '/companies', { name: 'Rival', 'buyers.0.email': tradeBuyer.email });
      expect(taken.status).toBe(400);
      expect(invalid(taken.html)).toEqual(['buyers.0.email']);
      expect(await total('/companies')).toBe(before);
    });

    it('pages and searches the grid', async () => {
      for (let n = 0; n < 51; n += 1) await send('POST', '/companies', { name: `Bulk ${String(n).padStart(2, '0')}` });
      const first = parsePage((await get('/companies?q=bulk')).html);
      expect(first.all('tr[data-company-id]')).toHaveLength(50);
      const second = parsePage((await get('/companies?q=bulk&page=2')).html);
      expect(second.all('tr[data-company-id]')).toHaveLength(1);
      expect(second.has('a[rel="prev"]')).toBe(true);
      expect(parsePage((await get('/companies?q=nothing-like-this')).html).all('tr[data-company-id]')).toHaveLength(0);
    });

    it('a stale form is refused with what was typed kept; the newer save stands', async () => {
      const created = (await send<CompanyView>('POST', '/companies', { name: 'Stale Co' })).body;
      const page = await get(`/companies/${created.id}`);
      const etag = hidden(page.html, '_etag');
      const csrf = browser.csrfOf(page.html);
      const first = await browser.request('POST', `${pages}/companies/${created.id}`, { _csrf: csrf, _etag: etag, name: 'First edit' });
      expect(first.status).toBe(303);
      const second = await browser.request('POST', `${pages}/companies/${created.id}`, { _csrf: csrf, _etag: etag, name: 'Second edit', 'paymentTerms.netDays': '14', 'paymentTerms.creditLimit': '900' });
      expect(second.status).toBe(409);
      expect(second.html).toContain('changed since you loaded it');
      const form = parsePage(second.html);
      expect(form.one('input[name="name"]').attribs.value).toBe('Second edit');
      expect(form.one('input[name="paymentTerms.netDays"]').attribs.value).toBe('14');
      // The stale version stays in the form: saving it again is refused again, not slipped through.
      expect(hidden(second.html, '_etag')).toBe(etag);
      expect((await send<CompanyView>('GET', `/companies/${created.id}`)).body).toMatchObject({ name: 'First edit', paymentTerms: null });
    });

    it('deletes only after the confirmation, styled as danger, and says what it did', async () => {
      const created = (await send<CompanyView>('POST', '/companies', { name: 'Gone Soon', buyers: [] })).body;
      const ask = await get(`/companies/${created.id}/delete`);
      expect(ask.status).toBe(200);
      expect(textContent(parsePage(ask.html).one('form.confirm-step button.danger'))).toBe('Delete the company');
      // Straight from a button (no "confirmed"): asks, deletes nothing.
      const unconfirmed = await browser.request('POST', `${pages}/companies/${created.id}/delete`, { _csrf: browser.csrfOf(ask.html), _etag: hidden(ask.html, '_etag') });
      expect(unconfirmed.status).toBe(200);
      expect((await send('GET', `/companies/${created.id}`)).status).toBe(200);
      const done = await browser.request('POST', `${pages}/companies/${created.id}/delete`, { _csrf: browser.csrfOf(ask.html), _etag: hidden(ask.html, '_etag'), confirmed: 'yes' });
      expect(done.status).toBe(303);
      expect((await browser.request('GET', done.location!)).html).toContain('Deleted the company Gone Soon');
      expect((await send('GET', `/companies/${created.id}`)).status).toBe(404);
      expect((await get('/companies/abc')).status).toBe(404);
      expect((await get('/companies/99999')).status).toBe(404);
    });
  });

  describe('price lists', () => {
    it.each([
      [{ code: 'bad code', name: 'X' }, 'code'],
      [{ code: 'ok-code', name: '' }, 'name'],
    ])('a list form with %j is refused beside %s, nothing saved', async (fields, field) => {
      const before = await total('/price-lists');
      const answer = await post('/price-lists/new', '/price-lists', fields);
      expect(answer.status).toBe(400);
      expect(invalid(answer.html)).toContain(field);
      expect(await total('/price-lists')).toBe(before);
    });

    it('refuses an unknown store view and a taken code, nothing saved', async () => {
      await newList('taken');
      const before = await total('/price-lists');
      const store = await post('/price-lists/new', '/price-lists', { code: 'mars-list', name: 'Mars', 'storeCodes.mars': 'on' });
      expect(store.status).toBe(400);
      expect(store.html).toContain('No store view has code');
      const taken = await post('/price-lists/new', '/price-lists', { code: 'taken', name: 'Again' });
      expect(taken.status).toBe(400);
      expect(invalid(taken.html)).toEqual(['code']);
      expect(await total('/price-lists')).toBe(before);
    });

    it('creates a list for a store view, edits it, shows it in the grid; a stale edit is refused', async () => {
      const created = await post('/price-lists/new', '/price-lists', { code: 'us-trade', name: 'US trade', 'storeCodes.default': 'on' });
      expect(created.status).toBe(303);
      const id = Number(/price-lists\/(\d+)\?flash=created$/.exec(created.location ?? '')?.[1]);
      expect((await send<PriceListView>('GET', `/price-lists/${id}`)).body).toMatchObject({ code: 'us-trade', name: 'US trade', storeCodes: ['default'], items: [] });
      expect(cells((await get('/price-lists?q=us-trade')).html, `tr[data-list-id="${id}"]`)).toEqual([['us-trade', 'US trade', 'default', '0']]);
      const page = await get(`/price-lists/${id}`);
      const etag = parsePage(page.html).one('form.price-list-form input[name="_etag"]').attribs.value!;
      const saved = await browser.request('POST', `${pages}/price-lists/${id}`, { _csrf: browser.csrfOf(page.html), _etag: etag, code: 'us-trade', name: 'US trade (all views)' });
      expect(saved.status).toBe(303);
      expect((await send<PriceListView>('GET', `/price-lists/${id}`)).body).toMatchObject({ name: 'US trade (all views)', storeCodes: null });
      const stale = await browser.request('POST', `${pages}/price-lists/${id}`, { _csrf: browser.csrfOf(page.html), _etag: etag, code: 'us-trade', name: 'Lost edit' });
      expect(stale.status).toBe(409);
      expect(parsePage(stale.html).one('input[name="name"]').attribs.value).toBe('Lost edit');
      expect((await send<PriceListView>('GET', `/price-lists/${id}`)).body.name).toBe('US trade (all views)');
    });

    it('the item editor adds, changes and removes an item; bad input is refused beside its field', async () => {
      const list = await newList('items-by-hand');
      const base = `/price-lists/${list.id}`;
      const bad = [
        [{ sku: '', 'tiers.0.minQty': '1', 'tiers.0.price': '5' }, 'sku'],
        [{ sku: skuA }, 'tiers'],
        [{ sku: skuA, 'tiers.0.minQty': '1', 'tiers.0.price': 'cheap' }, 'tiers.0.price'],
        [{ sku: skuA, 'tiers.0.minQty': '', 'tiers.0.price': '5' }, 'tiers.0.minQty'],
        [{ sku: skuA, 'tiers.0.minQty': '1.5', 'tiers.0.price': '5' }, 'tiers.0.minQty'],
        [{ sku: skuA, 'tiers.0.minQty': '1', 'tiers.0.price': '5', minQty: '6', maxQty: '4' }, 'maxQty'],
        [{ sku: skuA, 'tiers.0.minQty': '1', 'tiers.0.price': '5', minQty: '4', increment: '6' }, 'minQty'],
        [{ sku: skuA, 'tiers.0.minQty': '1', 'tiers.0.price': '5', increment: 'six' }, 'increment'],
      ] as const;
      for (const [fields, field] of bad) {
        const page = await get(`${base}/items/new`);
        const answer = await browser.request('POST', `${pages}${base}/items`, { _csrf: browser.csrfOf(page.html), _etag: hidden(page.html, '_etag'), original: '', ...fields });
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        if (field === 'tiers') expect(answer.html).toContain('role="alert"');
        else expect(invalid(answer.html), JSON.stringify(fields)).toContain(field);
      }
      expect((await send<PriceListView>('GET', `/price-lists/${list.id}`)).body.items).toEqual([]);
      // A tier typed on the third row (the rows above left blank) is refused beside that row, in words.
      const rowPage = await get(`${base}/items/new`);
      const third = await browser.request('POST', `${pages}${base}/items`, { _csrf: browser.csrfOf(rowPage.html), _etag: hidden(rowPage.html, '_etag'), original: '', sku: skuA, 'tiers.0.minQty': '', 'tiers.0.price': '', 'tiers.2.minQty': '', 'tiers.2.price': '5', minQty: '0' });
      expect(third.status).toBe(400);
      expect(invalid(third.html)).toEqual(['tiers.2.minQty', 'minQty']);
      expect(third.html).toContain('Give the quantity this price starts at.');
      expect(third.html).toContain('At least 1.');
      const page = await get(`${base}/items/new`);
      const added = await browser.request('POST', `${pages}${base}/items`, {
        _csrf: browser.csrfOf(page.html),
        _etag: hidden(page.html, '_etag'),
        original: '',
        sku: skuA,
        'tiers.0.minQty': '10',
        'tiers.0.price': '8,50',
        'tiers.1.minQty': '1',
        'tiers.1.price': '9',
        minQty: '2',
        increment: '2',
      });
      expect(added.status).toBe(303);
      expect((await send<PriceListView>('GET', `/price-lists/${list.id}`)).body.items).toEqual([{ sku: skuA, tiers: [{ minQty: 1, price: 9 }, { minQty: 10, price: 8.5 }], minQty: 2, increment: 2 }]);
      // A second item with the same SKU is refused: edit the one there.
      const again = await get(`${base}/items/new`);
      const twin = await browser.request('POST', `${pages}${base}/items`, { _csrf: browser.csrfOf(again.html), _etag: hidden(again.html, '_etag'), original: '', sku: skuA, 'tiers.0.minQty': '1', 'tiers.0.price': '1' });
      expect(twin.status).toBe(400);
      expect(invalid(twin.html)).toEqual(['sku']);
      const edit = await get(`${base}/items/edit?sku=${encodeURIComponent(skuA)}`);
      expect(parsePage(edit.html).one('input[name="tiers.1.price"]').attribs.value).toBe('8.50');
      const changed = await browser.request('POST', `${pages}${base}/items`, { _csrf: browser.csrfOf(edit.html), _etag: hidden(edit.html, '_etag'), original: skuA, sku: skuA, 'tiers.0.minQty': '1', 'tiers.0.price': '7', 'tiers.1.minQty': '', 'tiers.1.price': '' });
      expect(changed.status).toBe(303);
      expect((await send<PriceListView>('GET', `/price-lists/${list.id}`)).body.items).toEqual([{ sku: skuA, tiers: [{ minQty: 1, price: 7 }] }]);
      const ask = await get(`${base}/items/remove?sku=${encodeURIComponent(skuA)}`);
      expect(parsePage(ask.html).has('form.confirm-step button.danger')).toBe(true);
      const removed = await browser.request('POST', `${pages}${base}/items/remove`, { _csrf: browser.csrfOf(ask.html), _etag: hidden(ask.html, '_etag'), sku: skuA, confirmed: 'yes' });
      expect(removed.status).toBe(303);
      expect((await send<PriceListView>('GET', `/price-lists/${list.id}`)).body.items).toEqual([]);
      expect((await get(`${base}/items/edit?sku=NOPE`)).status).toBe(404);
    });

    it('pages a long list\'s items and finds a SKU', async () => {
      const items = Array.from({ length: 120 }, (_, n) => ({ sku: `LONG-${String(n).padStart(3, '0')}`, tiers: [{ minQty: 1, price: 1 + n / 100 }] }));
      const list = await newList('long', items);
      const rows = async (query: string) => parsePage((await get(`/price-lists/${list.id}${query}`)).html).all('section[aria-labelledby="items-title"] tr').length - 1;
      expect(await rows('')).toBe(50);
      expect(await rows('?page=3')).toBe(20);
      expect(await rows('?sku=long-11')).toBe(10);
    });

    it('imports a list of 10,000 SKUs in one go and pages it', async () => {
      const list = await newList('ten-thousand');
      const csv = ['sku,min_qty,price,qty_min,qty_max,qty_increment', ...Array.from({ length: 10_000 }, (_, n) => `BIG-${String(n).padStart(5, '0')},1,${(1 + (n % 500) / 100).toFixed(2)},,,`)].join('\n');
      const applied = await upload(`/price-lists/${list.id}`, `/price-lists/${list.id}/import`, {}, csv);
      expect(applied.status).toBe(303);
      expect((await send<{ member: { itemCount: number }[] }>('GET', '/price-lists?search=ten-thousand')).body.member[0]!.itemCount).toBe(10_000);
      const last = parsePage((await get(`/price-lists/${list.id}?page=200`)).html);
      expect(last.all('section[aria-labelledby="items-title"] tr')).toHaveLength(51);
      expect(textContent(last.all('section[aria-labelledby="items-title"] tr td')[0]!)).toBe('BIG-09950');
    }, 60_000);

    it('CSV export, then import into another list: the dry run writes nothing, applying writes every row', async () => {
      const source = await newList('source', [
        { sku: skuA, tiers: [{ minQty: 1, price: 10 }, { minQty: 10, price: 8 }, { minQty: 50, price: 6.25 }] },
        { sku: skuB, tiers: [{ minQty: 5, price: 3 }, { minQty: 20, price: 2.5 }], minQty: 5, maxQty: 100, increment: 5 },
        { sku: '=CMD-LIKE', tiers: [{ minQty: 1, price: 1 }] },
      ]);
      const exported = await browser.request('GET', `${pages}/price-lists/${source.id}/items.csv`);
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toContain('text/csv');
      const csv = exported.html;
      // (The BOM is read away by the response's text decoder.)
      expect(csv.split('\r\n')[0]).toBe('sku,min_qty,price,qty_min,qty_max,qty_increment');
      expect(csv).toContain("'=CMD-LIKE,1,1.00");
      expect(csv).toContain(`${skuB},5,3.00,5,100,5\r\n${skuB},20,2.50,,,\r\n`);
      const target = await newList('target');
      const dry = await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, { dryRun: 'on' }, csv);
      expect(dry.status).toBe(200);
      expect(dry.html).toContain('Dry run: nothing was changed');
      expect(dry.html).toContain('6 rows, 3 SKUs');
      expect((await send<PriceListView>('GET', `/price-lists/${target.id}`)).body.items).toEqual([]);
      const applied = await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, {}, csv);
      expect(applied.status).toBe(303);
      expect((await browser.request('GET', applied.location!)).html).toContain('Imported 3 SKUs (6 rows) into target');
      // The spreadsheet guard's apostrophe is read away again: the SKU comes back as it was.
      expect((await send<PriceListView>('GET', `/price-lists/${target.id}`)).body.items).toEqual(source.items);
      // An import based on a version someone changed since is refused whole.
      const loaded = hidden((await get(`/price-lists/${target.id}`)).html, '_etag');
      const current = await send<PriceListView>('GET', `/price-lists/${target.id}`);
      await shop.send('PATCH', `${api}/price-lists/${target.id}`, { json: { name: 'Renamed meanwhile' }, headers: { ...bearer, 'If-Match': current.headers.get('ETag')! } });
      const stale = await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, {}, 'sku,min_qty,price\nONLY,1,1\n', loaded);
      expect(stale.status).toBe(409);
      expect(stale.html).toContain('changed since you loaded it');
      expect((await send<PriceListView>('GET', `/price-lists/${target.id}`)).body.items).toEqual(source.items);
    });

    it('a dry run reports each bad row by line and column and writes nothing; applying a bad file writes nothing either', async () => {
      const target = await newList('bad-file', [{ sku: 'KEEP', tiers: [{ minQty: 1, price: 1 }] }]);
      const csv = [
        'sku,min_qty,price,qty_min,colour',
        `${skuA},1,10,,red`,
        `${skuA},10,ten,,`,
        '',
        `${skuB},1,4.5,2,`,
        `${skuB},1,4,,`,
        `${skuB},6,4.005,,`,
        `C-1,1,2,two,`,
        `,1,2,,`,
        `D-1,0,2,,`,
        `E-1,1,2,4,`,
        `E-1,5,1,3,`,
      ].join('\n');
      const report = await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, { dryRun: 'on' }, csv);
      expect(report.status).toBe(400);
      const rows = cells(report.html, 'table.import-problems tr').slice(1);
      expect(rows.map(([line, column]) => `${line}:${column}`)).toEqual(['1:colour', '3:price', '6:min_qty', '7:price', '8:qty_min', '9:sku', '10:min_qty', '12:qty_min']);
      expect(rows[1]![3]).toBe('Not a number: digits with a point, e.g. 4.50.');
      expect(rows[2]![3]).toBe('Duplicate of line 5: one row per SKU and min_qty.');
      expect((await send<PriceListView>('GET', `/price-lists/${target.id}`)).body.items.map((item) => item.sku)).toEqual(['KEEP']);
      const applied = await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, {}, csv);
      expect(applied.status).toBe(400);
      expect(applied.html).toContain('Nothing was imported');
      expect((await send<PriceListView>('GET', `/price-lists/${target.id}`)).body.items.map((item) => item.sku)).toEqual(['KEEP']);
      // A file that is not CSV, or none: said on the page, nothing written.
      expect((await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, { dryRun: 'on' }, 'sku,min_qty,price\n"A,1,2\n')).html).toContain('not valid CSV');
      expect((await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, {}, '')).status).toBe(400);
      // A maxQty under minQty is the API's own rule, reported on the SKU's line.
      const rules = await upload(`/price-lists/${target.id}`, `/price-lists/${target.id}/import`, { dryRun: 'on' }, 'sku,min_qty,price,qty_min,qty_max\nQ-1,1,2,6,4\n');
      expect(cells(rules.html, 'table.import-problems tr').slice(1)).toEqual([['2', 'qty_max', 'Q-1', 'Must be at least minQty.']]);
    });

    it('assigns the list to companies and groups, keeping the others\' order; a stale assignment is refused', async () => {
      const [first, mine] = [await newList('assign-first'), await newList('assign-mine')];
      const company = (await send<CompanyView>('POST', '/companies', { name: 'Assign Co', priceListIds: [first.id] })).body;
      await send('PUT', '/group-assignments', { customerGroupId: wholesale, priceListIds: [first.id] });
      const page = await get(`/price-lists/${mine.id}`);
      const tag = hidden(page.html, '_assigned');
      const on = await browser.request('POST', `${pages}/price-lists/${mine.id}/assignment`, { _csrf: browser.csrfOf(page.html), _assigned: tag, [`company.${company.id}`]: 'on', [`group.${wholesale}`]: 'on' });
      expect(on.status).toBe(303);
      expect((await send<CompanyView>('GET', `/companies/${company.id}`)).body.priceListIds).toEqual([first.id, mine.id]);
      const groups = async () => (await send<{ member: { customerGroupId: number; priceListIds: number[] }[] }>('GET', '/group-assignments')).body.member.find((g) => g.customerGroupId === wholesale)?.priceListIds;
      expect(await groups()).toEqual([first.id, mine.id]);
      // The page as first loaded is stale now: refused, nothing changed.
      const stale = await browser.request('POST', `${pages}/price-lists/${mine.id}/assignment`, { _csrf: browser.csrfOf(page.html), _assigned: tag });
      expect(stale.status).toBe(409);
      expect(await groups()).toEqual([first.id, mine.id]);
      const fresh = await get(`/price-lists/${mine.id}`);
      expect(parsePage(fresh.html).one(`input[name="company.${company.id}"]`).attribs.checked).toBeDefined();
      const off = await browser.request('POST', `${pages}/price-lists/${mine.id}/assignment`, { _csrf: browser.csrfOf(fresh.html), _assigned: hidden(fresh.html, '_assigned') });
      expect(off.status).toBe(303);
      expect((await send<CompanyView>('GET', `/companies/${company.id}`)).body.priceListIds).toEqual([first.id]);
      expect(await groups()).toEqual([first.id]);
      const forged = await browser.request('POST', `${pages}/price-lists/${mine.id}/assignment`, { _csrf: browser.csrfOf(fresh.html), _assigned: hidden(fresh.html, '_assigned'), 'group.0': 'on' });
      expect(forged.status).toBe(400);
      await send('PUT', '/group-assignments', { customerGroupId: wholesale, priceListIds: [] });
    });

    it('deletes a list only after the confirmation', async () => {
      const list = await newList('doomed', [{ sku: 'X', tiers: [{ minQty: 1, price: 1 }] }]);
      const ask = await get(`/price-lists/${list.id}/delete`);
      expect(parsePage(ask.html).has('form.confirm-step button.danger')).toBe(true);
      const done = await browser.request('POST', `${pages}/price-lists/${list.id}/delete`, { _csrf: browser.csrfOf(ask.html), _etag: hidden(ask.html, '_etag'), confirmed: 'yes' });
      expect(done.status).toBe(303);
      expect((await browser.request('GET', done.location!)).html).toContain('Deleted the price list doomed and its 1 items.');
      expect((await send('GET', `/price-lists/${list.id}`)).status).toBe(404);
    });
  });

  describe('the price explainer', () => {
    let groupBuyerEmail: string;
    beforeAll(async () => {
      const companyList = await newList('explain-company', [{ sku: skuA, tiers: [{ minQty: 1, price: 9 }, { minQty: 10, price: 7.5 }], minQty: 2, increment: 2 }]);
      const groupList = await newList('explain-group', [{ sku: skuA, tiers: [{ minQty: 1, price: 8.75 }, { minQty: 100, price: 5 }] }]);
      await send('PUT', '/group-assignments', { customerGroupId: wholesale, priceListIds: [groupList.id] });
      const company = (await send<{ member: CompanyView[] }>('GET', '/companies?search=Harbour')).body.member[0]!;
      const current = await send<CompanyView>('GET', `/companies/${company.id}`);
      await shop.send('PATCH', `${api}/companies/${company.id}`, { json: { priceListIds: [companyList.id] }, headers: { ...bearer, 'If-Match': current.headers.get('ETag')! } });
      groupBuyerEmail = 'group.buyer@trade.example';
      const created = await shop.send<{ id: number }>('POST', '/api/rest/v2/customers', { json: { email: groupBuyerEmail, password: 'Group#2026-pass', firstName: 'Gro', lastName: 'Up' } });
      await changeCustomerGroup(shop.database.db, { customerId: created.body.id, groupId: wholesale, actor: 'system' });
    });
    const explain = async (query: Record<string, string>) => {
      const answer = await get(`/explain?${new URLSearchParams({ store: 'default', qty: '1', ...query })}`);
      return { ...answer, pays: parsePage(answer.html).all('[data-pays]')[0]?.attribs['data-pays'] };
    };

    it('a company buyer: the company\'s list first, the lowest break reached, and the rules', async () => {
      const at10 = await explain({ email: tradeBuyer.email, sku: skuA, qty: '10' });
      expect(at10.status).toBe(200);
      expect(at10.pays).toBe('7.50');
      expect(at10.html).toContain('from the list <strong>explain-company</strong>');
      expect(textContent(parsePage(at10.html).one('section[aria-labelledby="answer-title"]'))).toContain("Buys for Harbour Cafés as admin: the company's lists apply first, then the company's group (Wholesale)'s.");
      expect(at10.html).toContain('From the list explain-company: min 2, multiples of 2.');
      // The company's list comes before the group's, and each says what the quantity reached.
      const table = at10.html.indexOf('explain-company</a>');
      expect(table).toBeGreaterThan(0);
      expect(at10.html.indexOf('explain-group</a>')).toBeGreaterThan(table);
      const at3 = await explain({ email: tradeBuyer.email, sku: skuA, qty: '3' });
      expect(at3.pays).toBe('8.75'); // the group's 1+ is lower than the company's 1+
      expect(at3.html).toContain('not a multiple of the increment');
    });

    it('a group buyer pays by their group\'s list; a General customer pays the catalog price', async () => {
      const group = await explain({ email: groupBuyerEmail, sku: skuA, qty: '100' });
      expect(group.pays).toBe('5.00');
      expect(group.html).toContain('Buys for no company');
      const general = await explain({ email: shopper.email, sku: skuA, qty: '10' });
      expect(general.pays).toBe(catalogA.toFixed(2));
      expect(general.html).toContain('No price list applies to this customer.');
      expect(general.html).toContain('Pays the catalog price');
    });

    it('a price B2B Access withholds stays withheld, whatever the list says', async () => {
      await shop.send('PUT', '/api/rest/v2/admin/b2b-access/config', { json: { enabled: true, mode: 'rules' }, headers: bearer });
      const rule = await shop.send<{ id: number }>('POST', '/api/rest/v2/admin/b2b-access/rules', {
        json: { name: 'A hidden from Wholesale', priority: 1, isActive: true, scope: { customerGroupIds: [wholesale] }, conditions: { type: 'combine', aggregator: 'all', value: true, conditions: [{ type: 'attribute', attribute: 'sku', operator: '==', value: skuA }] }, actions: { hidePrice: true }, enforcement: 'visibility' },
        headers: bearer,
      });
      expect(rule.status).toBe(201);
      const hiddenPrice = await explain({ email: tradeBuyer.email, sku: skuA, qty: '10' });
      expect(hiddenPrice.pays).toBe('');
      expect(hiddenPrice.html).toContain('B2B Access withholds the price from this customer');
      // The General customer is outside the rule: still the catalog price.
      expect((await explain({ email: shopper.email, sku: skuA })).pays).toBe(catalogA.toFixed(2));
      await shop.send('DELETE', `/api/rest/v2/admin/b2b-access/rules/${rule.body.id}`, { headers: bearer });
      await shop.send('PUT', '/api/rest/v2/admin/b2b-access/config', { json: { enabled: false }, headers: bearer });
    });

    it('a list of other store views is shown but does not price the SKU there', async () => {
      const au = await newList('explain-au', [{ sku: skuA, tiers: [{ minQty: 1, price: 1.5 }] }]);
      const current = await send<PriceListView>('GET', `/price-lists/${au.id}`);
      await shop.send('PATCH', `${api}/price-lists/${au.id}`, { json: { storeCodes: ['au'] }, headers: { ...bearer, 'If-Match': current.headers.get('ETag')! } });
      const groups = (await send<{ member: { customerGroupId: number; priceListIds: number[] }[] }>('GET', '/group-assignments')).body.member;
      const before = groups.find((g) => g.customerGroupId === wholesale)!.priceListIds;
      await send('PUT', '/group-assignments', { customerGroupId: wholesale, priceListIds: [...before, au.id] });
      const here = await explain({ email: groupBuyerEmail, sku: skuA, qty: '1' });
      expect(here.pays).toBe('8.75');
      expect(cells(here.html, 'section[aria-labelledby="answer-title"] tr').find((row) => row[1] === 'explain-au')).toEqual(['2', 'explain-au', 'Group', 'Not here (other store views)', '1+: 1.50', '1+: 1.50', '—']);
      const there = await explain({ email: groupBuyerEmail, sku: skuA, qty: '1', store: 'au' });
      expect(there.pays).toBe('1.50');
      await send('PUT', '/group-assignments', { customerGroupId: wholesale, priceListIds: before });
    });

    it.each([
      [{ email: '', sku: 'X' }, 'email'],
      [{ email: 'not-an-email', sku: 'X' }, 'email'],
      [{ email: 'nobody@nowhere.example', sku: 'X' }, 'email'],
      [{ email: shopper.email, sku: '' }, 'sku'],
      [{ email: shopper.email, sku: 'X', qty: 'many' }, 'qty'],
      [{ email: shopper.email, sku: 'X', qty: '0' }, 'qty'],
      [{ email: shopper.email, sku: 'X', store: 'mars' }, 'store'],
    ])('asked %j, says what is wrong beside %s', async (query, field) => {
      const answer = await explain(query);
      expect(answer.status).toBe(400);
      expect(invalid(answer.html)).toEqual([field]);
    });

    it('an SKU no product has is answered, not an error', async () => {
      const answer = await explain({ email: shopper.email, sku: 'NO-SUCH-SKU' });
      expect(answer.status).toBe(200);
      expect(answer.html).toContain('No product with SKU <code>NO-SUCH-SKU</code>');
    });
  });
});
