/**
 * The demo's forms (issue 33 item 13): the trade application offers every country the shop knows
 * (`GET /countries`), not four.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import customForms from '../index.ts';

describe.each(dialects)('Custom Forms demo data (%s)', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await openTestShop(dialect, { modules: [customForms] });
    await shop.modules.seedDemo();
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('offers every country of GET /countries in the trade application, by name', async () => {
    const countries = await shop.send<{ member: { id: string; name: string }[] } | { id: string; name: string }[]>('GET', '/api/rest/v2/countries');
    const known = Array.isArray(countries.body) ? countries.body : countries.body.member;
    expect(known.length).toBeGreaterThan(4);
    const form = await shop.send<{ fields: { key: string; options?: { value: string; label: string }[] }[] }>('GET', '/api/rest/v2/admin/custom-forms/forms/trade-application', {
      headers: await adminBearer(shop),
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const options = form.body.fields.find((field) => field.key === 'country')!.options!;
    expect(options.map((option) => option.value).sort()).toEqual(known.map((country) => country.id).sort());
    expect(options).toContainEqual({ value: 'AU', label: known.find((country) => country.id === 'AU')!.name });
  });
});
