import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import b2bAccess from '../index.ts';

const discovery = '/api/rest/v2/b2b/access/config';

describe.each(dialects)('B2B Access discovery and client script (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const configure = (json: Record<string, unknown>) => shop.send('PUT', '/api/rest/v2/admin/b2b-access/config', { json, headers: admin });

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bAccess] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('answers 200 with enabled:false before it is configured', async () => {
    const answer = await shop.get(discovery);
    expect([answer.status, (answer.body as { enabled: boolean }).enabled, answer.headers.get('cache-control')]).toEqual([200, false, 'public, max-age=60']);
  });

  it('derives the SPEC.md fields, loginWall and script from the configuration, and nothing admin-only', async () => {
    const saved = await configure({
      enabled: true,
      mode: 'basic',
      loginWall: { enabled: true, redirectTo: 'cms:trade-login', notice: 'Trade customers only.', exemptCmsPages: ['about-us', 'contact'] },
      hidePrice: { enabled: true, message: 'Sign in for prices.', blockPurchase: true, messageByStore: { au: 'G’day: sign in.' } },
      activationMatrix: { byCustomerGroup: true, customerGroups: [0, 1], byCategory: true, categoryIds: [12] },
    });
    expect(saved.status).toBe(200);
    expect((await shop.get(discovery)).body).toEqual({
      enabled: true,
      hidePrice: true,
      blockPurchase: true,
      requireLogin: true,
      loginMessage: 'Trade customers only.',
      hiddenPriceMessage: 'Sign in for prices.',
      activationMatrix: { byCustomerGroup: true, customerGroups: [0, 1], byCategory: true, categoryIds: [12] },
      loginWall: { storeWide: true, redirectTo: '/trade-login', exemptPaths: ['/about-us', '/contact'] },
      script: '/plugins/b2b-access.js',
      variesByCountry: false,
    });
  });

  it('says variesByCountry while an active rule names countries, in rules mode (DECISIONS.md 48)', async () => {
    const variesByCountry = async () => ((await shop.get(discovery)).body as { variesByCountry: boolean }).variesByCountry;
    const created = await shop.send<{ id: number }>('POST', '/api/rest/v2/admin/b2b-access/rules', {
      json: { name: 'US trade prices', scope: { countries: ['US'] }, actions: { hidePrice: true } },
      headers: admin,
    });
    expect(created.status).toBe(201);
    // Basic mode: rules decide nothing.
    expect(await variesByCountry()).toBe(false);
    expect((await configure({ mode: 'rules' })).status).toBe(200);
    expect(await variesByCountry()).toBe(true);
    expect((await shop.send('POST', `/api/rest/v2/admin/b2b-access/rules/${created.body.id}/deactivate`, { headers: admin })).status).toBe(200);
    expect(await variesByCountry()).toBe(false);
    expect((await shop.send('DELETE', `/api/rest/v2/admin/b2b-access/rules/${created.body.id}`, { headers: admin })).status).toBe(204);
    expect((await configure({ mode: 'basic' })).status).toBe(200);
  });

  it('a wall limited to categories is not store-wide (DECISIONS.md 43)', async () => {
    await configure({ loginWall: { redirectTo: 'login' }, activationMatrix: { byCustomerGroup: false, customerGroups: [] } });
    const body = (await shop.get(discovery)).body as { requireLogin: boolean; loginWall: unknown };
    expect([body.requireLogin, body.loginWall]).toEqual([false, { storeWide: false, redirectTo: '/login', exemptPaths: ['/about-us', '/contact'] }]);
  });

  it('refuses a bad configuration by field and keeps the stored one', async () => {
    for (const [json, field] of [
      [{ mode: 'strict' }, 'mode'],
      [{ loginWall: { redirectTo: 'cms:' } }, 'loginWall.redirectTo'],
      [{ activationMatrix: { customerGroups: [-1] } }, 'activationMatrix.customerGroups.0'],
      [{ hidePrice: { message: '  ' } }, 'hidePrice.message'],
      [{ hidePrice: { surprise: true } }, 'hidePrice.surprise'],
    ] as const) {
      const answer = await configure(json);
      expect([answer.status, answer.body.error, (answer.body.details as { field: string }).field]).toEqual([400, 'invalid_field', field]);
    }
    expect(((await shop.get(discovery)).body as { hiddenPriceMessage: string }).hiddenPriceMessage).toBe('Sign in for prices.');
  });

  it('serves its client script as JavaScript at the site root', async () => {
    const script = await shop.app.request('/plugins/b2b-access.js');
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'application/javascript; charset=utf-8']);
    expect(await script.text()).toContain('/plugins/b2b-access.js');
  });

  it('not loaded, it leaves no discovery, script or admin API', async () => {
    const bare = await openTestShop(dialect, { modules: [] });
    try {
      expect((await bare.get(discovery)).status).toBe(404);
      expect((await bare.app.request('/plugins/b2b-access.js')).status).toBe(404);
      expect((await bare.send('GET', '/api/rest/v2/admin/b2b-access/rules', { headers: await adminBearer(bare) })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
