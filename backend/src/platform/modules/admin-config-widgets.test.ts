import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categories, stores } from '../db/schema/index.ts';
import { field } from './config-fields.ts';
import { defineModule } from './define-module.ts';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

/** A module asking for every picker the generated configuration page offers: some through field(), some through zod's .meta(). */
const Config = z.object({
  groups: field(z.array(z.number().int().min(0)).default([]), { label: 'Customer groups', picker: 'customerGroups' }),
  categoryIds: z.array(z.number().int().positive()).default([]).meta({ label: 'Gated categories', picker: 'categories' }),
  redirectTo: field(z.union([z.literal('login'), z.string().regex(/^cms:[\w-]+$/)]).default('login'), {
    label: 'Redirect guests to',
    picker: 'cmsPages',
    valuePrefix: 'cms:',
    choices: [{ value: 'login', label: 'The login page' }],
  }),
  messageByStore: z.record(z.string(), z.string().max(200)).default({}).meta({ label: 'Message per store', perStore: true }),
});

const widgets = defineModule({ id: 'widget-probe', title: 'Widget probe', config: Config });
const configPath = '/api/rest/v2/admin/widget-probe/config';

describe.each(dialects)('generated configuration page: pickers a module asks for (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let browser: ReturnType<typeof adminBrowser>;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [widgets] });
    admin = await adminBearer(shop);
    browser = adminBrowser(shop);
    await browser.signIn();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('shows the category tree with what each category covers, groups with NOT LOGGED IN, pages after the login choice, one message field per store', async () => {
    const db = shop.database.db;
    const [root] = await db.select().from(categories).where(isNull(categories.parentId)).orderBy(asc(categories.id)).limit(1);
    const children = await db.select().from(categories).where(eq(categories.parentId, root!.id));
    const page = await browser.request('GET', '/admin/widget-probe/config');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<legend>Gated categories</legend>');
    expect(page.html).toMatch(new RegExp(`name="categoryIds" value="${root!.id}"[^>]*/> ${root!.name}\\s*<span class="muted">#${root!.id} · includes \\d+ subcategories`));
    expect(page.html).toMatch(new RegExp(`name="categoryIds" value="${children[0]!.id}"`));
    expect(page.html).toContain('<option value="0" >NOT LOGGED IN (guests)</option>');
    expect(page.html).toMatch(/<select name="redirectTo"[^>]*><option value="login" selected>The login page<\/option><option value="cms:about-us" >about-us<\/option>/);
    for (const store of await db.select().from(stores)) expect(page.html).toContain(`name="messageByStore.${store.code}"`);
  });

  it('saves the right JSON from the form, lists what a chosen category brings in, and a blanked store message is removed', async () => {
    const db = shop.database.db;
    const [root] = await db.select().from(categories).where(isNull(categories.parentId)).orderBy(asc(categories.id)).limit(1);
    const children = await db.select().from(categories).where(eq(categories.parentId, root!.id));
    const form = new URLSearchParams();
    const page = await browser.request('GET', '/admin/widget-probe/config');
    form.append('_csrf', browser.csrfOf(page.html));
    for (const value of ['0', '2', '']) form.append('groups', value);
    for (const value of [String(root!.id), '']) form.append('categoryIds', value);
    form.append('redirectTo', 'cms:about-us');
    form.append('messageByStore.default', 'Sign in for trade prices.');
    form.append('messageByStore.au', '  Trade prices for Australian accounts.  ');
    const saved = await shop.app.request('/admin/widget-probe/config', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: form.toString(),
    });
    expect(saved.status).toBe(303);
    expect((await shop.send('GET', configPath, { headers: admin })).body).toEqual({
      groups: [0, 2],
      categoryIds: [root!.id],
      redirectTo: 'cms:about-us',
      messageByStore: { default: 'Sign in for trade prices.', au: 'Trade prices for Australian accounts.' },
    });
    const after = await browser.request('GET', '/admin/widget-probe/config');
    expect(after.html).toContain(`Also covered: ${children[0]!.name}`);

    const blanked = await browser.submit('/admin/widget-probe/config', '/admin/widget-probe/config', { redirectTo: 'login', 'messageByStore.default': '', 'messageByStore.au': 'Only AU now.' });
    expect(blanked.status).toBe(303);
    expect((await shop.send('GET', configPath, { headers: admin })).body).toMatchObject({ redirectTo: 'login', messageByStore: { au: 'Only AU now.' } });
    expect((await shop.send<{ messageByStore: object }>('GET', configPath, { headers: admin })).body.messageByStore).not.toHaveProperty('default');
  });

  it('the API replaces a per-store record as a whole (its entries are data, not settings to merge)', async () => {
    const put = await shop.send<{ messageByStore: object }>('PUT', configPath, { json: { messageByStore: { default: 'Only default.' } }, headers: admin });
    expect(put.status).toBe(200);
    expect(put.body.messageByStore).toEqual({ default: 'Only default.' });
  });

  it('a value outside the pickers is refused next to its field and nothing is written', async () => {
    const refused = await browser.submit('/admin/widget-probe/config', '/admin/widget-probe/config', { redirectTo: 'javascript:alert(1)' });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/aria-invalid="true"/);
    expect((await shop.send('GET', configPath, { headers: admin })).body).toMatchObject({ redirectTo: 'login' });
  });
});
