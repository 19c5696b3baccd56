/**
 * `npm start` seeds the modules' demo right after the app started, and syncs the storefront at once:
 * the demo's configuration must be what the very next request reads, although starting the app
 * already read (and cached) the defaults to schedule the modules' jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customForms from '../modules/custom-forms/index.ts';
import { dialects, openTestShop, type TestShop } from '../../test/helpers/test-shop.ts';

describe.each(dialects)('demo configuration right after seeding (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [customForms] });
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('answers the demo configuration to the first request after the demo is written', async () => {
    expect((await shop.get('/api/rest/v2/b2b/forms/config')).body).toMatchObject({ enabled: false });
    await shop.modules.seedDemo();
    expect((await shop.get('/api/rest/v2/b2b/forms/config')).body).toMatchObject({ enabled: true, headlessApi: true });
  });
});
