/**
 * Search quality over HTTP (issue 12), on PGlite and PostgreSQL: stemming in the store's language,
 * typo tolerance against the catalog's own words, relevance order, and a vocabulary that follows
 * product edits.
 */
import { eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../platform/db/schema/index.ts';
import { searchConfigFor } from '../../platform/db/schema/search-document.ts';
import { allowedEdits, queryTerms } from './query.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

interface Page {
  member: Array<{ id: number; sku: string; name: string }>;
  totalItems: number;
}

describe('search helpers', () => {
  it('picks the stemming configuration of the store language', () => {
    expect(searchConfigFor('en_US')).toBe('english');
    expect(searchConfigFor('en_AU')).toBe('english');
    expect(searchConfigFor('de_DE')).toBe('german');
    expect(searchConfigFor('ja_JP')).toBe('simple');
  });
  it('splits queries into at most 8 words and corrects only words of four letters or more', () => {
    expect(queryTerms("Rain  JACKETS' | !(x)")).toEqual(['rain', 'jackets', 'x']);
    expect(queryTerms('a b c d e f g h i j')).toHaveLength(8);
    expect([allowedEdits('tee'), allowedEdits('jakcet'), allowedEdits('insulatd')]).toEqual([0, 2, 3]);
  });
});

describe.each(dialects)('search quality (%s)', (dialect) => {
  let shop: TestShop;
  let word: string;
  let named: Array<{ id: number; name: string }>;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
    // The test catalog's names come from the demo generator: pick a long word some products share.
    const rows = await shop.database.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.visibility, 'catalog'));
    const counts = new Map<string, number>();
    for (const row of rows) for (const w of row.name.toLowerCase().match(/\p{L}{6,}/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    word = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    named = rows.filter((row) => row.name.toLowerCase().includes(word));
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const search = async (q: string, store?: string) => {
    const response = await shop.send<Page>('GET', `/api/rest/v2/search?q=${encodeURIComponent(q)}&itemsPerPage=100`, store ? { headers: { 'X-Store-Code': store } } : {});
    expect(response.status, q).toBe(200);
    return response.body;
  };

  it('finds a plural and a misspelt word as the word itself (stemming, typo tolerance)', async () => {
    const exact = await search(word);
    expect(exact.totalItems).toBeGreaterThan(0);
    for (const row of named) expect(exact.member.map((p) => p.id)).toContain(row.id);
    const plural = await search(`${word}s`);
    expect(plural.member.map((p) => p.id).sort()).toEqual(exact.member.map((p) => p.id).sort());
    // Two letters swapped: "jakcet" for "jacket" (two edits, 0.27 trigram similarity).
    const swapped = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    expect(swapped).not.toBe(word);
    expect((await search(swapped)).member.map((p) => p.id).sort()).toEqual(exact.member.map((p) => p.id).sort());
    // One letter dropped, in the other store too.
    const dropped = `${word.slice(0, 3)}${word.slice(4)}`;
    expect((await search(dropped, 'au')).totalItems).toBe(exact.totalItems);
  });

  it('finds "jackets" and "jakcet" like "jacket" when the catalog has jackets, and nothing for noise', async () => {
    const jackets = await shop.database.db.select({ id: products.id }).from(products).where(ilike(products.name, '%jacket%'));
    if (jackets.length > 0) {
      const jacket = await search('jacket');
      expect(jacket.totalItems).toBeGreaterThan(0);
      expect((await search('jackets')).totalItems).toBe(jacket.totalItems);
      expect((await search('jakcet')).totalItems).toBe(jacket.totalItems);
    }
    expect((await search('zzqqxx')).totalItems).toBe(0);
  });

  it('ranks products whose name has every word above those matching fewer or only in the description', async () => {
    const [target] = named;
    const q = target!.name.split(' ').slice(0, 3).join(' ');
    const results = await search(q);
    expect(results.member[0]?.name.toLowerCase()).toContain(q.toLowerCase().split(' ')[0]);
    const top = results.member.slice(0, 1)[0]!;
    for (const w of q.toLowerCase().match(/\p{L}+/gu) ?? []) expect(top.name.toLowerCase()).toContain(w);
  });

  it('learns the words of renamed products', async () => {
    const [target] = named;
    await shop.database.db.update(products).set({ name: 'Quixotic Parka' }).where(eq(products.id, target!.id));
    expect((await search('quixotic')).member.map((p) => p.id)).toEqual([target!.id]);
    expect((await search('quixtoic')).member.map((p) => p.id)).toEqual([target!.id]);
  });
});
