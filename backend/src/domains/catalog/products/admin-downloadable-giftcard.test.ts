/**
 * Downloadable products and gift cards edited from the admin (issue 17): PATCH `downloadableLinks`
 * keeps the links sent with their ids, adds the new ones and removes the rest, in one transaction
 * (bad input 400 on its path, nothing written); shoppers see the change; a cart holding a kept link
 * still sells, one holding a removed link is refused at checkout. On the pages: New product creates
 * a downloadable product, and a product's Links and Gift card sections save, with errors inline and
 * the typing kept.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema } from '../../../../../contracts/product.ts';
import { adminAuditLog, downloadableLinks, products } from '../../../platform/db/schema/index.ts';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { submittedFields } from '../../../../test/helpers/admin-forms.ts';
import { adminBearer, adminBrowser, signedInAdmin } from '../../../../test/helpers/admin-session.ts';
import { payCart } from '../../../../test/helpers/checkout.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface Link {
  id: number;
  title: string;
  price: number;
  sampleUrl: string | null;
}
interface AdminProduct {
  id: number;
  type: string;
  downloadableLinks?: Link[];
  error?: string;
  details?: Array<{ field: string; message: string }>;
}
interface CartLine {
  id: number;
  sku: string;
  price: number;
  complete: boolean;
  available: number;
  options: Record<string, string>;
}

const ebook = (sku: string, urlKey: string) => ({
  type: 'downloadable',
  sku,
  name: `E-book ${sku}`,
  urlKey,
  price: 12,
  stockQty: 999,
  downloadableLinks: [{ title: 'PDF' }, { title: 'Audiobook', price: 6.5, sampleUrl: 'https://example.com/sample.mp3' }],
});

const shape = (links: Link[] | undefined) => links?.map(({ title, price, sampleUrl }) => ({ title, price, sampleUrl }));

describe.each(dialects)('admin downloadable links API (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const events: string[] = [];
  const api = (method: string, path = '', json?: unknown) => shop.send<AdminProduct>(method, `/api/rest/v2/admin/products${path}`, { json, headers: admin });
  const shopper = async (id: number) => exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${id}`)).body);
  const guest = async () => ({ 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! });
  const cartOf = async (headers: Record<string, string>) => (await shop.send<{ items: CartLine[] }>('GET', '/api/rest/v2/cart', { headers })).body.items;
  const linkRows = async () => (await shop.database.db.select({ n: count() }).from(downloadableLinks))[0]!.n;
  let book: AdminProduct;
  let other: AdminProduct;

  beforeAll(async () => {
    const probe = defineModule({
      id: 'links-probe',
      title: 'Probe',
      subscribers: [{ event: 'catalog_product_saved', handle: (batch) => void events.push(...batch.map((event) => `saved:${event.payload.productId}`)) }],
    });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
    book = (await api('POST', '', ebook('EBOOK-LINKS', 'ebook-links'))).body;
    other = (await api('POST', '', ebook('EBOOK-OTHER', 'ebook-other'))).body;
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('keeps the links sent with their ids, adds the new ones and removes the rest; shoppers and carts follow', async () => {
    const [pdf, audio] = book.downloadableLinks!;
    const keeping = await guest();
    const dropping = await guest();
    expect((await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: 'EBOOK-LINKS', qty: 1, links: [pdf!.id] }, headers: keeping })).status).toBe(200);
    expect((await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: 'EBOOK-LINKS', qty: 1, links: [pdf!.id, audio!.id] }, headers: dropping })).status).toBe(200);

    const changed = await api('PATCH', `/${book.id}`, {
      downloadableLinks: [
        { title: 'EPUB', price: 2, sampleUrl: 'https://example.com/epub' },
        { id: pdf!.id, title: 'PDF edition', price: 1.5 },
      ],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [epub, kept] = changed.body.downloadableLinks!;
    expect(kept).toEqual({ id: pdf!.id, title: 'PDF edition', price: 1.5, sampleUrl: null });
    expect(epub).toMatchObject({ title: 'EPUB', price: 2, sampleUrl: 'https://example.com/epub' });
    expect(epub!.id).not.toBe(audio!.id);
    // The removed link is gone, not left behind unlisted.
    expect(await shop.database.db.select().from(downloadableLinks).where(eq(downloadableLinks.id, audio!.id))).toEqual([]);

    const record = await shopper(book.id);
    expect(record.downloadableLinks!.map((link) => [link.id, link.title, link.price, link.sampleUrl])).toEqual([
      [epub!.id, 'EPUB', 2, 'https://example.com/epub'],
      [pdf!.id, 'PDF edition', 1.5, null],
    ]);
    await expect.poll(() => events.filter((event) => event === `saved:${book.id}`).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    const [audit] = await shop.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subject, `product:${book.id}`), eq(adminAuditLog.action, 'product.updated')));
    expect(shape(audit!.diff!.downloadableLinks!.to as Link[])).toEqual(shape(changed.body.downloadableLinks));

    // A cart holding the kept link sells it at its new price and title, and is paid for.
    const [line] = await cartOf(keeping);
    expect(line).toMatchObject({ price: 13.5, complete: true, options: { Downloads: 'PDF edition' } });
    await payCart(shop, keeping);
    // One holding the removed link is incomplete: no payment, no order, until the line is replaced.
    const [lost] = await cartOf(dropping);
    expect(lost).toMatchObject({ complete: false, available: 0 });
    const refused = await shop.send('POST', '/api/rest/v2/payment-intents', { json: { shippingMethod: 'flatrate', country: 'US' }, headers: dropping });
    expect([refused.status, refused.body.error]).toEqual([409, 'cart_line_incomplete']);

    // A kept link sent with its id alone keeps its title, price and sample; the order is the list's.
    const reordered = await api('PATCH', `/${book.id}`, { downloadableLinks: [{ id: pdf!.id }, { id: epub!.id, sampleUrl: null }] });
    expect(reordered.body.downloadableLinks).toEqual([
      { id: pdf!.id, title: 'PDF edition', price: 1.5, sampleUrl: null },
      { id: epub!.id, title: 'EPUB', price: 2, sampleUrl: null },
    ]);
  });

  it.each([
    ['no links', () => [], 'downloadableLinks'],
    ['a link of another product', () => [{ id: other.downloadableLinks![0]!.id }], 'downloadableLinks.0.id'],
    ['a link that does not exist', () => [{ id: book.downloadableLinks![0]!.id, title: 'Renamed' }, { id: 99_999_999 }], 'downloadableLinks.1.id'],
    ['a link twice', () => [{ id: book.downloadableLinks![0]!.id }, { id: book.downloadableLinks![0]!.id, price: 3 }], 'downloadableLinks.1.id'],
    ['a new link without a title', () => [{ price: 3 }], 'downloadableLinks.0.title'],
    ['a blank title', () => [{ id: book.downloadableLinks![0]!.id, title: '  ' }], 'downloadableLinks.0.title'],
    ['a sample that is no web address', () => [{ title: 'Video', sampleUrl: 'javascript:alert(1)' }], 'downloadableLinks.0.sampleUrl'],
    ['a negative price', () => [{ title: 'Video', price: -1 }], 'downloadableLinks.0.price'],
  ])('refuses %s (400 on the field, nothing written)', async (_name, links, fieldPath) => {
    const before = await api('GET', `/${book.id}`);
    const rows = await linkRows();
    const refused = await api('PATCH', `/${book.id}`, { name: 'Renamed too', downloadableLinks: links() });
    expect(refused.status).toBe(400);
    expect(refused.body.details!.map((detail) => detail.field)).toContain(fieldPath);
    expect((await api('GET', `/${book.id}`)).body).toEqual(before.body);
    expect(await linkRows()).toBe(rows);
  });

  it.each([
    ['a simple product', { sku: 'PLAIN-1', name: 'Plain', urlKey: 'plain-1', price: 5 }],
    ['a gift card', { type: 'giftcard', sku: 'CARD-1', name: 'Card', urlKey: 'card-1', giftcard: { amounts: [25] } }],
  ])('refuses links on %s (400 on downloadableLinks)', async (_name, product) => {
    const made = await api('POST', '', product);
    expect(made.status).toBe(201);
    const refused = await api('PATCH', `/${made.body.id}`, { downloadableLinks: [{ title: 'PDF' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.details!.map((detail) => detail.field)).toEqual(['downloadableLinks']);
  });
});

describe.each(dialects)('admin downloadable and gift card pages (%s)', (dialect) => {
  let shop: TestShop;
  let admin: ReturnType<typeof adminBrowser>;
  const errorOf = (html: string) => /class="error"[^>]*>([^<]*)</.exec(html)?.[1];
  const shopper = async (id: number) => exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${id}`)).body);
  const idOf = (location: string | null) => Number(/\/admin\/products\/(\d+)/.exec(location ?? '')![1]);

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const download = { type: 'downloadable', name: 'Sea shanties', sku: 'SHANTIES', urlKey: 'sea-shanties', price: '9', stockQty: '100', isEnabled: 'on' };

  it('creates a downloadable product from New product: bad lines refused inline with the typing kept', async () => {
    const form = await admin.request('GET', '/admin/products/new');
    expect(form.html).toContain('<option value="downloadable"');
    const created = () => shop.database.db.select().from(products).where(eq(products.sku, 'SHANTIES'));

    const badPrice = await admin.submit('/admin/products/new', '/admin/products/new', { ...download, links: 'MP3 album | abc' });
    expect(badPrice.status).toBe(400);
    expect(errorOf(badPrice.html)).toContain('Line 1: the price is an amount');
    expect(badPrice.html).toMatch(/<textarea name="links" id="new-links" rows="4" aria-invalid="true">MP3 album \| abc<\/textarea>/);
    const badSample = await admin.submit('/admin/products/new', '/admin/products/new', { ...download, links: 'MP3 album\n\nLyrics | 0 | ftp://example.com/lyrics' });
    expect(errorOf(badSample.html)).toBe('Line 3, sample URL: An http(s) URL.');
    const none = await admin.submit('/admin/products/new', '/admin/products/new', { ...download, links: ' \n' });
    expect(errorOf(none.html)).toContain('at least one link');
    expect(await created()).toEqual([]);

    const made = await admin.submit('/admin/products/new', '/admin/products/new', { ...download, links: 'MP3 album | 0\nLyrics booklet | 2,50 | https://example.com/lyrics.pdf' });
    expect(made.status, errorOf(made.html)).toBe(303);
    const record = await shopper(idOf(made.location));
    expect(record).toMatchObject({ type: 'downloadable', price: 9, stockStatus: 'in_stock' });
    expect(record.downloadableLinks!.map((link) => [link.title, link.price, link.sampleUrl])).toEqual([
      ['MP3 album', 0, null],
      ['Lyrics booklet', 2.5, 'https://example.com/lyrics.pdf'],
    ]);
  });

  it('edits the links on the product page: lines keep their links by title, errors inline, a stale form refused', async () => {
    const [product] = await shop.database.db.select().from(products).where(eq(products.sku, 'SHANTIES'));
    const path = `/admin/products/${product!.id}`;
    const [album, booklet] = (await shopper(product!.id)).downloadableLinks!;
    const headers = { 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart')).headers.get('x-cart-token')! };
    await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: 'SHANTIES', qty: 1, links: [booklet!.id] }, headers });

    const page = await admin.request('GET', path);
    expect(page.html).toContain('<h2 id="links">Download links</h2>');
    expect(page.html).toContain('>MP3 album | 0.00\nLyrics booklet | 2.50 | https://example.com/lyrics.pdf</textarea>');
    // The links are a part of the product's one form, saved by its one Save.
    const loaded = submittedFields(page.html, path);

    const typed = 'Lyrics booklet | 3 | https://example.com/lyrics.pdf\nmp3 ALBUM\nSheet music | 1 | notaurl';
    const refused = await admin.request('POST', path, { ...loaded, links: typed });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('<strong class="error" id="links-error" role="alert">Line 3, sample URL: An http(s) URL.</strong>');
    expect(refused.html).toContain(`aria-invalid="true" aria-describedby="links-error">${typed}</textarea>`);
    expect((await shopper(product!.id)).downloadableLinks).toEqual([album, booklet]);

    const fixed = typed.replace('notaurl', '');
    const saved = await admin.request('POST', path, { ...loaded, links: fixed });
    expect(saved.status, errorOf(saved.html)).toBe(303);
    expect(saved.location).toBe(`${path}?flash=saved`);
    const links = (await shopper(product!.id)).downloadableLinks!;
    // Reordered, repriced and renamed in case only: the same links; the new title a new link.
    expect(links.map((link) => [link.id, link.title, link.price])).toEqual([
      [booklet!.id, 'Lyrics booklet', 3],
      [album!.id, 'mp3 ALBUM', 0],
      [links[2]!.id, 'Sheet music', 1],
    ]);
    expect([album!.id, booklet!.id]).not.toContain(links[2]!.id);
    // The cart holding the booklet still sells it, at its new price.
    const [line] = (await shop.send<{ items: CartLine[] }>('GET', '/api/rest/v2/cart', { headers })).body.items;
    expect(line).toMatchObject({ price: 12, complete: true });

    // The form loaded before that save is stale: refused, the text kept.
    const stale = await admin.request('POST', path, { ...loaded, links: 'Only this' });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.html)).toContain('changed by someone else since you opened it');
    expect(stale.html).toContain('>Only this</textarea>');
    expect((await shopper(product!.id)).downloadableLinks).toHaveLength(3);
    // Without the CSRF token nothing is saved.
    const withoutToken = Object.fromEntries(Object.entries(loaded).filter(([name]) => name !== '_csrf'));
    expect((await admin.request('POST', path, { ...withoutToken, links: 'Only this' })).status).toBe(403);
  });

  it('edits a gift card\'s kind, amounts and open range on its page, errors inline with the typing kept', async () => {
    const card = { type: 'giftcard', name: 'Harbour card', sku: 'CARD-PAGE', urlKey: 'harbour-card', stockQty: '50', 'giftcard.amounts': '25, 50', isEnabled: 'on' };
    const made = await admin.submit('/admin/products/new', '/admin/products/new', card);
    expect(made.status, errorOf(made.html)).toBe(303);
    const id = idOf(made.location);
    const path = `/admin/products/${id}`;
    const page = await admin.request('GET', path);
    expect(page.html).toContain('<h2 id="giftcard">Gift card</h2>');
    expect(page.html).toContain('name="giftcard.amounts" value="25, 50"');
    // The settings are a part of the product's one form, saved by its one Save.
    const fields = { ...submittedFields(page.html, path), 'giftcard.giftcardType': 'physical' };

    const wrongRange = await admin.request('POST', path, { ...fields, 'giftcard.amounts': '30, 60, 90', 'giftcard.allowOpenAmount': 'on', 'giftcard.openAmountMin': '100', 'giftcard.openAmountMax': '10' });
    expect(wrongRange.status).toBe(400);
    expect(wrongRange.html).toMatch(/name="giftcard\.openAmountMax" value="10" type="number" step="0\.01" min="0" aria-invalid="true" aria-describedby="giftcard-openAmountMax-error"/);
    expect(wrongRange.html).toContain('<strong class="error" id="giftcard-openAmountMax-error" role="alert">The largest open amount cannot be below the smallest.</strong>');
    expect(wrongRange.html).toContain('name="giftcard.amounts" value="30, 60, 90"');
    const noAmounts = await admin.request('POST', path, { ...fields, 'giftcard.amounts': ' ' });
    expect(noAmounts.html).toContain('id="giftcard-amounts-error" role="alert">At least one amount.</strong>');
    const twice = await admin.request('POST', path, { ...fields, 'giftcard.amounts': '30, 30' });
    expect(twice.html).toContain('id="giftcard-amounts-error" role="alert">Each amount once.</strong>');
    expect((await shopper(id)).giftcardAmounts).toEqual([25, 50]);

    const saved = await admin.request('POST', path, { ...fields, 'giftcard.amounts': '90, 30 60', 'giftcard.allowOpenAmount': 'on', 'giftcard.openAmountMin': '5', 'giftcard.openAmountMax': '500' });
    expect(saved.status, errorOf(saved.html)).toBe(303);
    expect(saved.location).toBe(`${path}?flash=saved`);
    expect(await shopper(id)).toMatchObject({ price: 30, giftcardType: 'physical', giftcardAmounts: [30, 60, 90], allowOpenAmount: true, openAmountMin: 5, openAmountMax: 500 });

    // Switching the own amount off drops the range (its fields need not be emptied).
    const reloaded = await admin.request('GET', path);
    expect(reloaded.html).toMatch(/name="giftcard\.allowOpenAmount" checked/);
    const unticked = Object.fromEntries(Object.entries(submittedFields(reloaded.html, path)).filter(([name]) => name !== 'giftcard.allowOpenAmount'));
    const closed = await admin.request('POST', path, { ...unticked, 'giftcard.giftcardType': 'virtual', 'giftcard.amounts': '30', 'giftcard.openAmountMin': '5', 'giftcard.openAmountMax': '500' });
    expect(closed.status, errorOf(closed.html)).toBe(303);
    expect(await shopper(id)).toMatchObject({ giftcardType: 'virtual', giftcardAmounts: [30], allowOpenAmount: false, openAmountMin: null, openAmountMax: null });
    // A store view's own amounts, in its currency: the AUD store sells the card at A$40 and A$80.
    const views = await admin.request('GET', path);
    expect(views.html).toMatch(/Amounts in [^<(]+\(AUD\), comma-separated \(blank: the amounts above\) <input name="giftcard\.storeAmounts\.au" value=""/);
    const repeated = await admin.request('POST', path, { ...submittedFields(views.html, path), 'giftcard.storeAmounts.au': '40, 40' });
    expect(repeated.status).toBe(400);
    expect(repeated.html).toContain('id="giftcard-storeAmounts.au-error" role="alert">Each amount once.</strong>');
    const own = await admin.request('POST', path, { ...submittedFields(views.html, path), 'giftcard.storeAmounts.au': '80, 40' });
    expect(own.status, errorOf(own.html)).toBe(303);
    expect((await admin.request('GET', path)).html).toContain('name="giftcard.storeAmounts.au" value="40, 80"');
    const inStore = async (store: string) => exactly(productDetailSchema, (await shop.get(`/api/rest/v2/products/${id}?store=${store}`)).body);
    expect([(await inStore('au')).giftcardAmounts, (await shopper(id)).giftcardAmounts]).toEqual([[40, 80], [30]]);
    const auCart = { 'x-store-code': 'au', 'x-cart-token': (await shop.send('GET', '/api/rest/v2/cart', { headers: { 'x-store-code': 'au' } })).headers.get('x-cart-token')! };
    const buy = (amount: number) =>
      shop.send<{ items: CartLine[] }>('POST', '/api/rest/v2/cart/items', { json: { sku: 'CARD-PAGE', qty: 1, giftcard: { amount, recipientName: 'Ada', recipientEmail: 'ada@example.com', senderName: 'Sam', senderEmail: 'sam@example.com' } }, headers: auCart });
    expect((await buy(30)).status).toBe(400);
    const bought = await buy(40);
    expect(bought.status).toBe(200);
    expect(bought.body.items.find((line) => line.sku === 'CARD-PAGE')).toMatchObject({ price: 40 });

    // The page loaded before is stale now.
    const stale = await admin.request('POST', path, { ...fields, 'giftcard.amounts': '40' });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.html)).toContain('changed by someone else since you opened it');
  });
});
