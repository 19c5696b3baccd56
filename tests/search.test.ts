/**
 * The storefront's search page over real HTTP (issue 12): plural and misspelt words find what the
 * word finds (the backend stems and corrects), and an over-long query is cut, never an error page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
  expect((await shop.manage('/sync')).status).toBe(200);
});
afterAll(async () => {
  await shop?.stop();
});

const search = (q: string) => fetch(`${shop.storefront.url}/search?q=${encodeURIComponent(q)}`);
/** The "N results for …" count of a results page. */
async function resultCount(q: string): Promise<number> {
  const response = await search(q);
  expect(response.status, q).toBe(200);
  const match = /(\d[\d,]*) results? for/.exec(await response.text());
  return match ? Number(match[1]!.replaceAll(',', '')) : 0;
}

describe('the search page', () => {
  it('finds jackets for "jacket", "jackets" and "jakcet" alike', async () => {
    const jacket = await resultCount('jacket');
    expect(jacket).toBeGreaterThan(0);
    expect(await resultCount('jackets')).toBe(jacket);
    expect(await resultCount('jakcet')).toBe(jacket);
    expect(await resultCount('zzqqxx')).toBe(0);
  });

  it('cuts a query over 100 characters at a word and shows its results, never an error page', async () => {
    const response = await search(`rain jacket ${'x'.repeat(120)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('shortened to its first 100 characters');
    expect(html).toMatch(/\d+ results? for “rain jacket”/);
  });
});
