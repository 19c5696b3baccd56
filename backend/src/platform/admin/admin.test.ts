import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminUser } from './ensure-admin.ts';
import type { AdminEnv } from './admin-env.ts';
import { randomUUID } from 'node:crypto';
import { apiClients, customers, eventDeliveries, productPrices, products } from '../db/schema/index.ts';
import { defineModule } from '../modules/define-module.ts';
import { textContent } from 'domutils';
import { parsePage } from '../../../test/helpers/html.ts';
import { adminBrowser, testAdmin } from '../../../test/helpers/admin-session.ts';
import { aSimpleProduct, shopper } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

const saved: number[] = [];
const connector = defineModule({
  id: 'sync-probe',
  title: 'Sync probe',
  admin: { nav: [{ title: 'Sync probe', path: '/sync-probe', section: 'Stores' }] },
  routes: { admin: new Hono<AdminEnv>().get('/', (c) => c.html(`<p>Sync Now for ${c.var.admin.email}</p>`)) },
  subscribers: [{ event: 'catalog_product_saved', handle: (events) => void saved.push(...events.map((e) => e.payload.productId)) }],
});

describe.each(dialects)('admin panel (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [connector] });
    await ensureAdminUser(shop.database.db, testAdmin);
    await ensureAdminUser(shop.database.db, { ...testAdmin, password: 'ignored because it exists' });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('sends guests to the login form and refuses a login without the CSRF token', async () => {
    const browser = adminBrowser(shop);
    expect((await browser.request('GET', '/admin/products')).location).toBe('/admin/login');
    const page = await browser.request('GET', '/admin/login');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    const forged = await browser.request('POST', '/admin/login', { ...testAdmin, _csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect((await browser.request('POST', '/admin/login', { email: '', password: '', _csrf: '' })).status).toBe(400);
  });

  it('keeps the typed email after a wrong password and puts the cursor in the password', async () => {
    const browser = adminBrowser(shop);
    const form = await browser.request('GET', '/admin/login');
    const refused = await browser.request('POST', '/admin/login', { email: testAdmin.email, password: 'not the password', _csrf: browser.csrfOf(form.html) });
    expect(refused.status).toBe(401);
    const page = parsePage(refused.html);
    expect(textContent(page.one('[role="alert"]'))).toBe('Wrong email or password.');
    expect(page.one('input[name="email"]').attribs.value).toBe(testAdmin.email);
    expect(page.has('input[name="password"][autofocus]')).toBe(true);
    expect(page.has('input[name="password"][value]')).toBe(false);
    // Markup in the typed address comes back as text in the field, never as markup.
    const hostile = await browser.request('POST', '/admin/login', { email: '"><script>x()</script>', password: '', _csrf: browser.csrfOf(refused.html) });
    expect(hostile.status).toBe(400);
    expect(parsePage(hostile.html).one('input[name="email"]').attribs.value).toBe('"><script>x()</script>');
    expect(parsePage(hostile.html).has('script:not([src])')).toBe(false);
  });

  it('signs in with a session cookie, shows the dashboard and module navigation, and signs out', async () => {
    const browser = adminBrowser(shop);
    const signedIn = await browser.signIn();
    expect([signedIn.status, signedIn.location]).toEqual([303, '/admin']);
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith('admin_session='))).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i);
    const dashboard = await browser.request('GET', '/admin');
    expect(dashboard.html).toContain('Dashboard');
    // The module's nav item points at its page, which renders inside the admin.
    expect(dashboard.html).toContain('href="/admin/sync-probe"');
    expect((await browser.request('GET', '/admin/sync-probe')).html).toContain(`Sync Now for ${testAdmin.email}`);
    const logout = await browser.request('POST', '/admin/logout', { _csrf: browser.csrfOf(dashboard.html) });
    expect(logout.location).toBe('/admin/login');
    expect((await browser.request('GET', '/admin')).location).toBe('/admin/login');
  });

  it('lists, searches and edits products; saving emits catalog_product_saved', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const product = await aSimpleProduct(shop.database.db);
    const list = await browser.request('GET', `/admin/products?q=${encodeURIComponent(product.sku)}`);
    expect(list.html).toContain(product.sku);
    const form = await browser.request('GET', `/admin/products/${product.id}`);
    const csrf = browser.csrfOf(form.html);
    const priceFields = [...form.html.matchAll(/name="(price_\d+)"/g)].map((m) => m[1]!);
    const fields = { _csrf: csrf, name: 'Renamed <b>product</b>', qty: '7', enabled: '1', ...Object.fromEntries(priceFields.map((f) => [f, '12.34'])) };
    expect((await browser.request('POST', `/admin/products/${product.id}`, { ...fields, _csrf: 'wrong' })).status).toBe(403);
    const bad = await browser.request('POST', `/admin/products/${product.id}`, { ...fields, qty: '-1' });
    expect(bad.status).toBe(400);
    const ok = await browser.request('POST', `/admin/products/${product.id}`, fields);
    expect(ok.location).toBe(`/admin/products/${product.id}?flash=saved`);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row!.name, row!.qty]).toEqual(['Renamed <b>product</b>', 7]);
    const prices = await shop.database.db.select().from(productPrices).where(eq(productPrices.productId, product.id));
    expect(prices.every((p) => p.price === 12.34)).toBe(true);
    // Delivered after commit, from the event table.
    await expect.poll(() => saved).toContain(product.id);
    // Merchant text is escaped in the page.
    expect((await browser.request('GET', `/admin/products/${product.id}`)).html).toContain('Renamed &lt;b&gt;product&lt;/b&gt;');
    expect((await browser.request('GET', '/admin/products/abc')).status).toBe(404);
  });

  it('edits a customer group, lists orders, and creates API clients', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const [customer] = await shop.database.db.select().from(customers).where(eq(customers.email, shopper.email));
    const page = await browser.request('GET', `/admin/customers/${customer!.id}`);
    expect(page.html).toContain('Wholesale');
    await browser.request('POST', `/admin/customers/${customer!.id}`, { _csrf: browser.csrfOf(page.html), groupId: '3' });
    const [after] = await shop.database.db.select().from(customers).where(eq(customers.id, customer!.id));
    expect(after!.groupId).toBe(3);
    expect((await browser.request('POST', `/admin/customers/${customer!.id}`, { _csrf: browser.csrfOf(page.html), groupId: '0' })).status).toBe(400);
    expect((await browser.request('GET', '/admin/customers')).html).toContain(shopper.email);
    expect((await browser.request('GET', '/admin/orders')).status).toBe(200);
    expect((await browser.request('GET', '/admin/orders/999999')).status).toBe(404);
    const clients = await browser.request('GET', '/admin/api-clients');
    const created = await browser.request('POST', '/admin/api-clients', { _csrf: browser.csrfOf(clients.html), name: 'ERP' });
    const clientId = /data-testid="client-id">([^<]+)</.exec(created.html)?.[1];
    const secret = /data-testid="client-secret">([^<]+)</.exec(created.html)?.[1];
    const token = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'client_credentials', client_id: clientId!, client_secret: secret! } });
    expect(token.status).toBe(200);
  });

  it('renames and adds customer groups, keeping NOT LOGGED IN fixed', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', '/admin/customer-groups');
    expect(page.html).toContain('NOT LOGGED IN');
    const csrf = browser.csrfOf(page.html);
    expect((await browser.request('POST', '/admin/customer-groups', { _csrf: csrf, code: 'Distributor' })).location).toBe('/admin/customer-groups?flash=created');
    expect((await browser.request('POST', '/admin/customer-groups', { _csrf: csrf, code: 'Distributor' })).status).toBe(400);
    expect((await browser.request('POST', '/admin/customer-groups/3', { _csrf: csrf, code: 'Retail partner' })).status).toBe(303);
    expect((await browser.request('POST', '/admin/customer-groups/3', { _csrf: csrf, code: '' })).status).toBe(400);
    const after = await browser.request('GET', '/admin/customer-groups');
    expect(after.html).toContain('value="Retail partner"');
    expect(after.html).toContain('value="Distributor"');
  });

  it('refuses a blank API client name beside its field, and revokes a client only once asked, saying what it did', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const blank = await browser.submit('/admin/api-clients', '/admin/api-clients', { name: '  ' });
    expect(blank.status).toBe(400);
    const refused = parsePage(blank.html);
    const name = refused.one('form[action="/admin/api-clients"] input[name="name"]');
    expect(name.attribs['aria-invalid']).toBe('true');
    expect(textContent(refused.one(`#${name.attribs['aria-describedby']}[role="alert"]`))).toBe('Give the client a name.');

    const created = parsePage((await browser.submit('/admin/api-clients', '/admin/api-clients', { name: 'Warehouse' })).html);
    const credentials = { grant_type: 'client_credentials', client_id: textContent(created.one('[data-testid="client-id"]')), client_secret: textContent(created.one('[data-testid="client-secret"]')) };
    const [client] = await shop.database.db.select({ id: apiClients.id }).from(apiClients).where(eq(apiClients.clientId, credentials.client_id));
    const token = (await shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/token', { form: credentials })).body.access_token;
    const asked = await browser.submit('/admin/api-clients', `/admin/api-clients/${client!.id}/revoke`, {});
    expect([asked.status, textContent(parsePage(asked.html).one('h1'))]).toEqual([200, `Revoke the API client Warehouse (${credentials.client_id})?`]);
    expect(parsePage(asked.html).one('.confirm-step button.danger').attribs.type).toBe('submit');
    expect((await shop.send('POST', '/api/rest/v2/auth/token', { form: credentials })).status).toBe(200);
    const revoked = await browser.submit('/admin/api-clients', `/admin/api-clients/${client!.id}/revoke`, { confirmed: 'yes' });
    expect(revoked.location).toBe('/admin/api-clients?flash=revoked');
    expect(textContent(parsePage((await browser.request('GET', revoked.location!)).html).one('.flash'))).toBe('Revoked Warehouse: its tokens no longer work.');
    expect((await shop.send('POST', '/api/rest/v2/auth/token', { form: credentials })).status).toBe(401);
    expect((await shop.send('GET', '/api/rest/v2/products', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('retries a failed event delivery from System → Events, and refuses a retry that names no delivery', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const [failed] = await shop.database.db
      .insert(eventDeliveries)
      .values({ eventId: randomUUID(), event: 'probe_event', subscriber: 'probe', payload: {}, status: 'failed', attempts: 5, availableAt: new Date(), lastError: 'Probe failure', createdAt: new Date() })
      .returning({ id: eventDeliveries.id });
    const page = parsePage((await browser.request('GET', '/admin/events?status=failed')).html);
    expect(page.has(`form[action="/admin/events/retry"] input[name="id"][value="${failed!.id}"]`)).toBe(true);
    expect((await browser.submit('/admin/events', '/admin/events/retry', { id: 'x' })).status).toBe(400);
    const retried = await browser.submit('/admin/events', '/admin/events/retry', { id: String(failed!.id) });
    expect(retried.location).toBe('/admin/events?status=pending&flash=saved');
    // The retry puts the row back in the queue with its attempts reset; the background dispatcher may already have
    // taken it again (claimed: still pending, one attempt) or finished with it (its subscriber is not loaded, so it
    // fails once more after one attempt, not after six).
    const [row] = await shop.database.db.select({ status: eventDeliveries.status, attempts: eventDeliveries.attempts }).from(eventDeliveries).where(eq(eventDeliveries.id, failed!.id));
    expect([{ status: 'pending', attempts: 0 }, { status: 'pending', attempts: 1 }, { status: 'failed', attempts: 1 }]).toContainEqual(row);
  });

  it('throttles admin password guessing', async () => {
    const browser = adminBrowser(shop);
    for (let attempt = 0; attempt < 5; attempt++) await browser.signIn({ email: testAdmin.email, password: `guess-${attempt}` });
    // From here each guess must wait out a lock (1 s, 2 s…) the one before it claimed. Two at once (two
    // browsers, each with its own login form): one may claim the next lock, the other is refused, however
    // slowly a loaded machine runs them, where one guess after another could each outlast the lock.
    const burst = await Promise.all(['a', 'b'].map((tab) => adminBrowser(shop).signIn({ email: testAdmin.email, password: `guess-${tab}` })));
    expect(burst.map((answer) => answer.status)).toContain(429);
  });
});
