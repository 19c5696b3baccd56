import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../../../../../contracts/collections.ts';
import { productListingSchema } from '../../../../../contracts/product.ts';
import { exactly } from '../../../../test/helpers/contract.ts';
import { dialects } from '../../../../test/helpers/test-shop.ts';
import { openAccessShop, type AccessShop } from './access-shop.ts';

type Headers = Record<string, string>;

describe.each(dialects)('B2B Access in basic mode: one gate from the activation matrix (%s)', (dialect) => {
  let access: AccessShop;
  const listing = async (headers: Headers) => exactly(pageOf(productListingSchema), (await access.shop.get('/api/rest/v2/products?itemsPerPage=100', headers)).body).member;

  beforeAll(async () => {
    access = await openAccessShop(dialect, {
      enabled: true,
      mode: 'basic',
      loginWall: { enabled: true },
      hidePrice: { enabled: true, message: 'Sign in for trade prices.', blockPurchase: true },
      activationMatrix: { byCustomerGroup: true, customerGroups: [0, 1] },
    });
  });
  afterAll(async () => {
    expect(access.shop.loggedErrors).toEqual([]);
    await access.shop.close();
  });

  it('gates every product for the groups listed: guests must sign in, General sees no price, Wholesale sees everything', async () => {
    const [general, wholesale] = await Promise.all([listing(access.general), listing(access.wholesale)]);
    // The wall covers the whole store, so the guest's API is closed too (DECISIONS.md 49; the
    // storefront's own view of it: login-wall-api.test.ts).
    expect((await access.shop.get('/api/rest/v2/products', access.guest)).body).toMatchObject({ error: 'login_required' });
    expect(general.every((p) => p.price === null && p.extensions.b2bAccess?.gateFlags.requiresLogin === false && p.extensions.b2bAccess.hiddenPriceMessage === 'Sign in for trade prices.')).toBe(true);
    expect(wholesale.every((p) => p.extensions.b2bAccess?.gateFlags.hidePrice === false && p.extensions.b2bAccess.gateFlags.canCheckout)).toBe(true);
    expect(wholesale.filter((p) => p.price !== null).length).toBe(wholesale.length);
    // The wall covers the whole store for guests (DECISIONS.md 43).
    expect((await access.shop.get('/api/rest/v2/b2b/access/config')).body).toMatchObject({ requireLogin: true, loginWall: { storeWide: true, redirectTo: '/login' } });
  });

  it('hidden prices refuse General and allow Wholesale, with or without "block purchasing too" (DECISIONS.md 28, 61)', async () => {
    const sku = (await listing(access.wholesale)).find((p) => p.type === 'simple' && p.stockStatus === 'in_stock' && p.qty > 2)!.sku;
    const refused = await access.shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 }, headers: access.general });
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([403, 'purchase_blocked', `${sku} cannot be bought with this account. Sign in for trade prices.`]);
    expect((await access.shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 }, headers: access.wholesale })).status).toBe(200);
    // Hide price only: the price is still never charged blind, the same refusal.
    await access.configure({ hidePrice: { blockPurchase: false } });
    const hiddenOnly = await access.shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 }, headers: access.general });
    expect([hiddenOnly.status, hiddenOnly.body.error]).toEqual([403, 'purchase_blocked']);
    // "Block purchasing too" alone: prices show, and the purchase is still refused where the gate applies.
    await access.configure({ hidePrice: { enabled: false, blockPurchase: true } });
    const shownButBlocked = await access.shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 }, headers: access.general });
    expect([shownButBlocked.status, shownButBlocked.body.error]).toEqual([403, 'purchase_blocked']);
    expect((await listing(access.general)).find((p) => p.sku === sku)?.price).not.toBeNull();
    await access.configure({ hidePrice: { enabled: true, blockPurchase: false } });
  });

  it('gated by category, descendants included, only the gated products carry the flags', async () => {
    await access.configure({ activationMatrix: { byCustomerGroup: false, customerGroups: [], byCategory: true, categoryIds: [12] } });
    const guest = await listing(access.guest);
    const outdoor = guest.filter((p) => p.categoryIds.includes(12));
    const others = guest.filter((p) => !p.categoryIds.includes(12));
    expect(outdoor.length).toBeGreaterThan(0);
    expect(outdoor.every((p) => p.price === null && p.extensions.b2bAccess?.gateFlags.requiresLogin)).toBe(true);
    expect(others.every((p) => !p.extensions.b2bAccess?.gateFlags.hidePrice && !p.extensions.b2bAccess?.gateFlags.requiresLogin)).toBe(true);
    expect(((await access.shop.get('/api/rest/v2/b2b/access/config')).body as { requireLogin: boolean }).requireLogin).toBe(false);
  });
});
