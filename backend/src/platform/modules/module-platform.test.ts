import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { mailOutbox } from '../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../http/context.ts';
import { field } from './config-fields.ts';
import { defineModule } from './define-module.ts';
import { availableModules, selectModules } from '../../modules/index.ts';
import { adminBrowser, adminBearer, testAdmin } from '../../../test/helpers/admin-session.ts';
import { shopper } from '../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

const Config = z.object({
  enabled: z.boolean().default(false),
  mode: z.enum(['basic', 'rules']).default('basic'),
  wall: z.object({ enabled: z.boolean().default(false), notice: z.string().max(50, 'Keep the notice under 50 characters.').default('Sign in') }).prefault({}),
  groups: field(z.array(z.number().int().min(0)).default([]), { picker: 'customerGroups' }),
  captchaSecret: field(z.string().default(''), { secret: true }),
});

/** What the test subscriber saw, by event id: a retried event keeps its id. */
const deliveries: { id: string; email: string }[] = [];
let failNext = 0;

const probe = defineModule({
  id: 'probe-module',
  title: 'Probe',
  config: Config,
  discovery: { code: 'probe', answer: (config) => ({ enabled: config.enabled, notice: config.wall.notice }) },
  routes: {
    public: new Hono<AppEnv>().get('/plugins/probe-module.js', (c) => c.body('/* probe */', 200, { 'content-type': 'text/javascript' })),
    adminApi: new Hono<AppEnv>()
      .get('/whoami', (c) => c.json({ caller: c.var.caller.kind }))
      // Mail written in a transaction that then fails is never sent; written in one that commits, it is.
      .post('/notify/:outcome', async (c) => {
        const outcome = c.req.param('outcome');
        await c.var.db
          .transaction(async (tx) => {
            const ctx = c.var.modules.context('probe-module', { db: tx });
            await ctx.mailer.send({ kind: 'probe_notice', to: `${outcome}@example.com`, subject: 'Probe', text: 'Hello' });
            if (outcome === 'rollback') throw new Error('rolled back');
          })
          .catch((error: unknown) => {
            if (!(error instanceof Error && error.message === 'rolled back')) throw error;
          });
        return c.json({ outcome });
      }),
  },
  subscribers: [
    {
      event: 'customer_registered',
      handle(events) {
        if (failNext > 0) {
          failNext -= 1;
          throw new Error('subscriber down');
        }
        for (const event of events) deliveries.push({ id: event.id, email: event.payload.email });
      },
    },
  ],
  async demo(ctx, { configure }) {
    await configure({ enabled: true, wall: { notice: 'Demo notice' } });
    await ctx.mailer.send({ kind: 'probe_demo', to: 'demo@example.com', subject: 'Probe demo seeded', text: 'The probe module wrote its demo data.' });
  },
  admin: {
    nav: [{ title: 'Probe rules', path: '/probe-module/config', section: 'Trade' }],
    gridColumns: [{ grid: 'customers', title: 'Probe mark', cells: async (ids) => new Map(ids.map((id) => [id, `mark-${id}`])) }],
    gridActions: [{ grid: 'customers', label: 'Probe approve', path: '/approve', appliesTo: (row) => row.approvalStatus === 'active' }],
    dashboardCard: { title: 'Probe applications', value: async (ctx) => `${(await ctx.config()).mode} mode`, href: '/probe-module/config' },
  },
});

describe.each(dialects)('module platform (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [probe], env: { CONFIG_ENCRYPTION_KEY: 'platform-test-key-0123456789-0123456789' } });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    await shop.close();
  });

  const configPath = '/api/rest/v2/admin/probe-module/config';

  it('answers the configuration with its defaults to an admin token only', async () => {
    expect((await shop.send('GET', configPath)).status).toBe(401);
    expect((await shop.send('GET', configPath, { headers: await bearerFor(shop, shopper) })).status).toBe(403);
    const read = await shop.send('GET', configPath, { headers: admin });
    expect(read.body).toEqual({ enabled: false, mode: 'basic', wall: { enabled: false, notice: 'Sign in' }, groups: [], captchaSecret: '' });
  });

  it('merges a partial PUT deeply, replaces arrays, keeps secrets write-only and refuses unknown or invalid fields whole', async () => {
    const put = (json: unknown) => shop.send<Record<string, unknown>>('PUT', configPath, { json, headers: admin });
    const first = await put({ enabled: true, wall: { enabled: true }, groups: [0, 2], captchaSecret: 'top-secret-value' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ enabled: true, mode: 'basic', wall: { enabled: true, notice: 'Sign in' }, groups: [0, 2], captchaSecret: '********' });
    expect(JSON.stringify(await shop.modules.configs.view(shop.database.db, 'probe-module'))).not.toContain('top-secret-value');
    const ctx = shop.modules.context('probe-module', {});
    expect(await ctx.config()).toMatchObject({ captchaSecret: 'top-secret-value', groups: [0, 2] });

    const second = await put({ wall: { notice: 'Trade only' }, groups: [3], captchaSecret: '********' });
    expect(second.body).toMatchObject({ wall: { enabled: true, notice: 'Trade only' }, groups: [3], captchaSecret: '********' });
    expect(await ctx.config()).toMatchObject({ captchaSecret: 'top-secret-value' });

    const unknown = await put({ wall: { colour: 'red' } });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'invalid_field', details: { field: 'wall.colour' } } });
    const invalid = await put({ mode: 'basic', wall: { notice: 'x'.repeat(51) } });
    expect(invalid).toMatchObject({ status: 400, body: { error: 'invalid_field', details: { field: 'wall.notice' } } });
    expect(invalid.body.message).toContain('Keep the notice under 50 characters.');
    // Nothing of a refused PUT was stored.
    expect((await shop.send('GET', configPath, { headers: admin })).body).toMatchObject({ mode: 'basic', wall: { notice: 'Trade only' } });
    // Each change is in the audit log, with who made it and what changed, the secret masked; refused PUTs are not.
    const log = await shop.send<{ member: { action: string; actor: { email?: string }; diff: Record<string, { from: unknown; to: unknown }> }[]; totalItems: number }>(
      'GET',
      '/api/rest/v2/admin/audit-log?module=probe-module',
      { headers: admin },
    );
    expect(log.body.totalItems).toBe(2);
    const [latest, earliest] = log.body.member;
    expect(latest).toMatchObject({ action: 'config.updated', actor: { email: testAdmin.email }, diff: { 'wall.notice': { from: 'Sign in', to: 'Trade only' }, groups: { from: [0, 2], to: [3] } } });
    expect(earliest!.diff.captchaSecret).toEqual({ from: '', to: '********' });
    expect(JSON.stringify(log.body)).not.toContain('top-secret-value');
  });

  it('renders the admin form from the schema, with the API message beside the field it names', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', '/admin/probe-module/config');
    expect(page.status).toBe(200);
    expect(page.html).toContain('NOT LOGGED IN (guests)');
    expect(page.html).toContain('name="captchaSecret" value="********"');
    expect(page.html).not.toContain('top-secret-value');
    expect(page.html).toContain('<h2>Trade</h2><a href="/admin/probe-module/config">Probe rules</a>');
    const refused = await browser.request('POST', '/admin/probe-module/config', { _csrf: browser.csrfOf(page.html), 'wall.notice': 'y'.repeat(60) });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/aria-invalid="true"[^]*Keep the notice under 50 characters\./);
    const saved = await browser.request('POST', '/admin/probe-module/config', { _csrf: browser.csrfOf(page.html), 'wall.notice': 'From the form', mode: 'rules' });
    expect(saved.location).toBe('/admin/probe-module/config?flash=saved');
    expect((await shop.send('GET', configPath, { headers: admin })).body).toMatchObject({ mode: 'rules', wall: { notice: 'From the form' } });
  });

  it('adds its column, row action and dashboard card to the core admin pages', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const grid = await browser.request('GET', '/admin/customers');
    expect(grid.html).toContain('<th>Probe mark</th>');
    expect(grid.html).toMatch(/<td>mark-\d+<\/td>/);
    expect(grid.html).toMatch(/<form method="post" action="\/admin\/probe-module\/approve"[^>]*>.*name="id" value="\d+".*Probe approve/);
    const dashboard = await browser.request('GET', '/admin');
    expect(dashboard.html).toMatch(/<strong>rules mode<\/strong><br \/><a href="\/admin\/probe-module\/config">Probe applications<\/a>/);
  });

  it('mounts the discovery endpoint, the public script and the admin API where the module declares them', async () => {
    expect((await shop.send('GET', '/api/rest/v2/b2b/probe/config')).body).toEqual({ enabled: true, notice: 'From the form' });
    const script = await shop.app.request('/plugins/probe-module.js');
    expect([script.status, await script.text()]).toEqual([200, '/* probe */']);
    expect((await shop.send('GET', '/api/rest/v2/admin/probe-module/whoami')).status).toBe(401);
    expect((await shop.send('GET', '/api/rest/v2/admin/probe-module/whoami', { headers: admin })).body).toEqual({ caller: 'admin' });
  });

  it("writes a module's email to the core outbox in the caller's transaction", async () => {
    for (const outcome of ['commit', 'rollback']) expect((await shop.send('POST', `/api/rest/v2/admin/probe-module/notify/${outcome}`, { headers: admin })).status).toBe(200);
    const sent = await shop.database.db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.kind, 'probe_notice'));
    expect(sent).toEqual([{ to: 'commit@example.com' }]);
  });

  it('delivers notifications after commit; a failing subscriber is retried and never fails the request', async () => {
    const email = `notified-${dialect}@example.com`;
    failNext = 1;
    const created = await shop.send('POST', '/api/rest/v2/customers', { json: { email, password: 'Notify#2026', firstName: 'N', lastName: 'O' } });
    expect(created.status).toBe(201);
    await vi.waitFor(() => expect(deliveries.map((d) => d.email)).toContain(email), { timeout: 5000 });
    expect(shop.loggedErrors).toEqual([expect.objectContaining({ message: 'subscriber down' })]);
    shop.loggedErrors.length = 0;
    expect(deliveries.filter((d) => d.email === email)).toHaveLength(1);
  });

  it("seeds a module's demo data (configuration and rows) in one transaction when asked", async () => {
    await shop.modules.seedDemo();
    expect((await shop.send('GET', configPath, { headers: admin })).body).toMatchObject({ enabled: true, wall: { notice: 'Demo notice' } });
    const mail = await shop.database.db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.kind, 'probe_demo'));
    expect(mail).toEqual([{ to: 'demo@example.com' }]);
  });

  it('refuses at startup a module whose route another already declares, naming both', async () => {
    const clash = defineModule({ id: 'clash', title: 'Clash', routes: { api: new Hono<AppEnv>().get('/products', (c) => c.json({})) } });
    await expect(openTestShop(dialect, { modules: [clash] })).rejects.toThrow(/GET \/api\/rest\/v2\/products is declared by the core and by module clash/);
    const sneaky = defineModule({ id: 'sneaky', title: 'Sneaky', routes: { api: new Hono<AppEnv>().get('/admin/sneaky/export', (c) => c.json({})) } });
    await expect(openTestShop(dialect, { modules: [sneaky] })).rejects.toThrow(/belongs in routes.adminApi/);
  });
});

describe('MODULES', () => {
  it('finds every module folder, each exporting its definition', async () => {
    const found = await availableModules();
    expect(found.map((module) => module.id)).toEqual([...found.map((module) => module.id)].sort());
    for (const module of found) expect(module.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it('loads every module when unset, none when blank, the listed ones otherwise, and refuses unknown ids', () => {
    const available = [probe, defineModule({ id: 'other', title: 'Other' })];
    expect(selectModules(undefined, available)).toEqual(available);
    expect(selectModules('', available)).toEqual([]);
    expect(selectModules(' other ', available).map((module) => module.id)).toEqual(['other']);
    expect(() => selectModules('other,nope', available)).toThrow(/unknown modules: nope/);
  });
});
