/**
 * A private store's API is private (DECISIONS.md 49): while the login wall covers the whole store for
 * guests, their reads of catalog and content data answer 401 login_required; what a guest needs to
 * sign in or apply stays open; signed-in customers still shop; and the storefront's own calls (its
 * sync) still read the guest view, which a visitor's signed IP alone never opens (DECISIONS.md 51).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { aSimpleProduct, shopper } from '../../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../../test/helpers/sign-in.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import { signClientIp } from '../../../platform/http/client-ip.ts';
import { signStorefrontCall } from '../../../platform/http/storefront-call.ts';
import b2bAccess from '../index.ts';
import { adminBase } from './access-shop.ts';

const proxySecret = 'login-wall-proxy-secret-0123456789abcdef';
const notice = 'Members only: sign in to shop.';
const now = () => Math.floor(Date.now() / 1000);
const storefrontCall = (secret = proxySecret, timestamp = now()) => ({ 'x-storefront-call': signStorefrontCall(secret, timestamp) });
const visitor = (ip: string) => ({ 'x-client-ip': ip, 'x-storefront-timestamp': String(now()), 'x-storefront-signature': signClientIp(proxySecret, ip, now()) });

describe.each(dialects)('the store-wide login wall closes the catalog API to guests (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  let productId: number;
  let sku: string;
  const configure = async (patch: Record<string, unknown>) => expect((await shop.send('PUT', `${adminBase}/config`, { json: patch, headers: admin })).status).toBe(200);
  const walled = ['/products?itemsPerPage=5', '/search?q=shirt', '/categories', '/url-redirects?entity=product', '/blog-posts', '/cms-pages', '/cms-pages?identifier=privacy-policy'];

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [b2bAccess], storefrontProxySecret: proxySecret });
    admin = await adminBearer(shop);
    ({ id: productId, sku } = await aSimpleProduct(shop.database.db));
    await configure({
      enabled: true,
      mode: 'basic',
      loginWall: { enabled: true, redirectTo: 'cms:customer-service', notice, exemptCmsPages: ['about-us'] },
      activationMatrix: { byCustomerGroup: false, customerGroups: [], byCategory: false, categoryIds: [] },
    });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('answers guests 401 login_required with the notice on every catalog read, also with a signed visitor IP', async () => {
    for (const path of [...walled, `/products/${productId}`]) {
      for (const headers of [{}, visitor('203.0.113.40')]) {
        const answer = await shop.get(`/api/rest/v2${path}`, headers);
        expect([path, answer.status, answer.body]).toEqual([path, 401, { error: 'login_required', message: notice }]);
        expect(answer.headers.get('Cache-Control') ?? '').not.toMatch(/public/);
      }
    }
  });

  it('documents the 401 login_required answer on every walled read in the OpenAPI document', async () => {
    type Operation = { responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string } }> }> };
    const doc = (await shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, Operation>> };
    const bases = ['/products', '/search', '/categories', '/url-redirects', '/blog-posts', '/cms-pages'].map((base) => `/api/rest/v2${base}`);
    const walledReads = Object.entries(doc.paths).filter(([path, operations]) => operations.get && bases.some((base) => path === base || path.startsWith(`${base}/`)));
    expect(walledReads.map(([path]) => path)).toEqual(expect.arrayContaining(['/api/rest/v2/products', '/api/rest/v2/products/{id}', '/api/rest/v2/search', '/api/rest/v2/categories', '/api/rest/v2/cms-pages']));
    for (const [path, { get }] of walledReads) {
      const refusal = get!.responses['401'];
      expect(refusal?.description, path).toContain('login_required');
      expect(refusal?.content?.['application/json']?.schema?.$ref, path).toBe('#/components/schemas/Error');
    }
    // Routes a guest needs to sign in stay documented without it.
    expect(doc.paths['/api/rest/v2/countries']?.get?.responses['401']).toBeUndefined();
  });

  it('refuses a guest cart add by SKU the same way, with no name or price', async () => {
    const added = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 } });
    expect([added.status, added.body]).toEqual([401, { error: 'login_required', message: notice }]);
  });

  it('keeps open what a guest needs to sign in or apply: exempt CMS pages, the wall target, countries, store config, discovery, auth', async () => {
    for (const path of ['/cms-pages?identifier=about-us', '/cms-pages?identifier=customer-service', '/countries', '/store-config', '/stores', '/b2b/access/config']) {
      expect([path, (await shop.get(`/api/rest/v2${path}`)).status]).toEqual([path, 200]);
    }
    expect((await shop.get('/api/rest/v2/cms-pages?identifier=about-us')).body).toMatchObject({ totalItems: 1, member: [{ identifier: 'about-us' }] });
    const token = await shop.send('POST', '/api/rest/v2/auth/login', { json: shopper });
    expect(token.status).toBe(200);
  });

  it('lets signed-in customers read and shop', async () => {
    const customer = await bearerFor(shop, shopper);
    for (const path of [...walled, `/products/${productId}`]) expect([path, (await shop.get(`/api/rest/v2${path}`, customer)).status]).toEqual([path, 200]);
    const added = await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 }, headers: customer });
    expect(added.status).toBe(200);
  });

  it("answers the storefront's own calls the guest view, kept out of shared caches; a stale or foreign signature is a guest's", async () => {
    const listing = await shop.get('/api/rest/v2/products?itemsPerPage=5', storefrontCall());
    expect(listing.status).toBe(200);
    expect(listing.headers.get('Cache-Control')).toBe('private, no-store');
    const products = (listing.body as { member: { extensions: { b2bAccess?: { gateFlags: { requiresLogin: boolean } } } }[] }).member;
    expect(products.length).toBe(5);
    expect(products.every((product) => product.extensions.b2bAccess?.gateFlags.requiresLogin === true)).toBe(true);
    for (const path of walled) expect([path, (await shop.get(`/api/rest/v2${path}`, storefrontCall())).status]).toEqual([path, 200]);
    expect((await shop.get(`/api/rest/v2/products/${productId}`, storefrontCall())).status).toBe(200);
    for (const headers of [storefrontCall(proxySecret, now() - 61), storefrontCall(`${proxySecret}-other`)]) {
      expect((await shop.get('/api/rest/v2/products', headers)).status).toBe(401);
    }
  });

  it('closes nothing when the wall covers only some categories or is off, and guest answers stay public', async () => {
    await configure({ activationMatrix: { byCategory: true, categoryIds: [12] } });
    const partial = await shop.get('/api/rest/v2/products?itemsPerPage=5');
    expect([partial.status, partial.headers.get('Cache-Control')]).toEqual([200, 'public, max-age=60']);
    await configure({ activationMatrix: { byCategory: false, categoryIds: [] }, loginWall: { enabled: false } });
    expect((await shop.get('/api/rest/v2/search?q=shirt')).status).toBe(200);
    // Without a wall the storefront's own reads are cacheable as any guest's.
    expect((await shop.get('/api/rest/v2/products', storefrontCall())).headers.get('Cache-Control')).toBe('public, max-age=60');
  });
});
