import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigSchema } from '../../../../contracts/store-config.ts';
import { ErrorBody, exactly, StoreList } from '../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

describe.each(dialects)('store views (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('lists both store views, the default one first', async () => {
    const { status, body } = await shop.get('/api/rest/v2/stores');
    expect(status).toBe(200);
    const stores = StoreList.parse(body);
    expect(stores.member.map((s) => [s.code, s.isDefault, s.baseCurrencyCode, s.locale])).toEqual([
      ['default', true, 'USD', 'en_US'],
      ['au', false, 'AUD', 'en_AU'],
    ]);
    expect(stores.totalItems).toBe(2);
  });

  it('answers the default store config when no store is named', async () => {
    const { status, headers, body } = await shop.get('/api/rest/v2/store-config');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const config = exactly(storeConfigSchema, body);
    expect(config).toMatchObject({ storeCode: 'default', baseCurrencyCode: 'USD', locale: 'en_US', defaultCountry: 'US', extensions: {} });
    expect(config.allowedCountries).toEqual(expect.arrayContaining(['US', 'CA', 'AU', 'GB', 'DE', 'FR', 'NZ']));
  });

  it('switches store by header and by query, the header winning', async () => {
    const byHeader = exactly(storeConfigSchema, (await shop.get('/api/rest/v2/store-config', { 'X-Store-Code': 'au' })).body);
    const byQuery = exactly(storeConfigSchema, (await shop.get('/api/rest/v2/store-config?store=au')).body);
    const both = exactly(storeConfigSchema, (await shop.get('/api/rest/v2/store-config?store=au', { 'X-Store-Code': 'default' })).body);
    const defaultConfig = exactly(storeConfigSchema, (await shop.get('/api/rest/v2/store-config')).body);
    expect(byHeader).toEqual(byQuery);
    expect(byHeader).toMatchObject({ storeCode: 'au', baseCurrencyCode: 'AUD', locale: 'en_AU', defaultCountry: 'AU' });
    expect(byHeader.storeName).not.toBe(defaultConfig.storeName);
    expect(both.storeCode).toBe('default');
  });

  it('treats a blank store code as the default store', async () => {
    const { body } = await shop.get('/api/rest/v2/store-config?store=', { 'X-Store-Code': ' ' });
    expect(exactly(storeConfigSchema, body).storeCode).toBe('default');
  });

  it.each([
    ['header', '/api/rest/v2/store-config', { 'X-Store-Code': 'mars' }],
    ['query', '/api/rest/v2/products?store=mars', {}],
  ])('answers 404 store_not_found for an unknown store by %s', async (_how, path, headers) => {
    const { status, headers: responseHeaders, body } = await shop.get(path, headers);
    expect(status).toBe(404);
    expect(ErrorBody.parse(body).error).toBe('store_not_found');
    expect(responseHeaders.get('cache-control')).toBeNull();
  });
});
