/**
 * Stores → Widget keys (DECISIONS.md 32): the admin sets a store view's Stripe publishable key and
 * maps key (validated, audited), and `/store-config` answers them for the widget with the default
 * payment provider; a blank key falls back to the provider's own, a blank maps key is none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer, adminBrowser } from '../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

describe.each(dialects)('widget keys (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const put = (json: unknown, store = 'au') => shop.send('PUT', `/api/rest/v2/admin/widget-keys?store=${store}`, { json, headers: admin });
  const widgetOf = async (store: string) => ((await shop.get(`/api/rest/v2/store-config?store=${store}`)).body as { widget: unknown }).widget;

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('answers the provider\'s own key and no maps key until the admin sets them, per store view', async () => {
    // The test provider's public key stands in until a store view has its own.
    expect(await widgetOf('au')).toEqual({ paymentProvider: 'test', paymentPublishableKey: 'pk_test_local', mapsKey: null });
    const saved = await put({ paymentPublishableKey: 'pk_test_51Abcdefghijk', mapsKey: 'AIzaSyExample_key-123' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ store: 'au', paymentPublishableKey: 'pk_test_51Abcdefghijk', mapsKey: 'AIzaSyExample_key-123' });
    expect(await widgetOf('au')).toEqual({ paymentProvider: 'test', paymentPublishableKey: 'pk_test_51Abcdefghijk', mapsKey: 'AIzaSyExample_key-123' });
    expect(await widgetOf('default')).toEqual({ paymentProvider: 'test', paymentPublishableKey: 'pk_test_local', mapsKey: null });
    const log = await shop.send<{ member: { action: string; subject: string }[] }>('GET', '/api/rest/v2/admin/audit-log?module=core', { headers: admin });
    expect(log.body.member.some((entry) => entry.action === 'store.widget_keys_updated' && entry.subject === 'store:au')).toBe(true);
  });

  it('refuses a secret key, a malformed key, unknown fields, a guest and an unknown store, changing nothing', async () => {
    for (const body of [
      { paymentPublishableKey: 'sk_test_51secretsecret', mapsKey: '' },
      { paymentPublishableKey: 'pk_test_<script>', mapsKey: '' },
      { paymentPublishableKey: '', mapsKey: 'short' },
      { paymentPublishableKey: '', mapsKey: '', extra: 1 },
      { paymentPublishableKey: '' },
    ]) {
      expect((await put(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await shop.send('PUT', '/api/rest/v2/admin/widget-keys?store=au', { json: { paymentPublishableKey: '', mapsKey: '' } })).status).toBe(401);
    expect((await put({ paymentPublishableKey: '', mapsKey: '' }, 'nowhere')).status).toBe(404);
    expect((await widgetOf('au')) as { paymentPublishableKey: string }).toMatchObject({ paymentPublishableKey: 'pk_test_51Abcdefghijk' });
  });

  it('is an admin page under Stores, which shows a bad key again with the problem', async () => {
    const browser = adminBrowser(shop);
    await browser.signIn();
    const page = await browser.request('GET', '/admin/widget-keys?store=au');
    expect(page.html).toContain('value="pk_test_51Abcdefghijk"');
    const bad = await browser.submit('/admin/widget-keys?store=au', '/admin/widget-keys?store=au', { paymentPublishableKey: 'sk_live_nope12345', mapsKey: '' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('pk_test_ or pk_live_');
    const good = await browser.submit('/admin/widget-keys?store=au', '/admin/widget-keys?store=au', { paymentPublishableKey: '', mapsKey: '' });
    expect(good.status).toBe(303);
    expect(await widgetOf('au')).toEqual({ paymentProvider: 'test', paymentPublishableKey: 'pk_test_local', mapsKey: null });
  });
});
