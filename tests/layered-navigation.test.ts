/**
 * Layered navigation over real HTTP (issue 33 item 10): after a sync, a category page offers its
 * filters with counts from the facet index the sync wrote; a filtered URL lists only the matching
 * products (HTML and markdown), with counts that change as filters combine, canonical to the
 * unfiltered category and kept out of indexes; a category whose prices are hidden from guests
 * offers no price filter, and a price parameter there changes nothing.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Document, Element } from 'domhandler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facetIndexSchema, type CategoryNode, type FacetIndex } from '../src/lib/content/schemas.ts';
import { flattenCategories } from '../src/lib/catalog/listing.ts';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
let tree: CategoryNode[];
beforeAll(async () => {
  shop = await startShop();
  expect((await shop.manage('/sync')).status).toBe(200);
  tree = (await shop.kv.get('default:categories', 'json')) as CategoryNode[];
}, 240_000);
afterAll(async () => {
  await shop?.stop();
});

const categoryAt = (urlPath: string) => flattenCategories(tree).find(({ category }) => category.urlPath === urlPath)!.category;
const facetIndexOf = async (category: CategoryNode): Promise<FacetIndex> =>
  facetIndexSchema.parse(await shop.kv.get(`default:facets:category:${category.id}`, 'json'));
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.storefront.url}${path}`, { redirect: 'manual', headers });
async function page(path: string): Promise<Document> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return parseDocument(await response.text());
}
const find = (document: Document, test: (element: Element) => boolean) => DomUtils.findAll(test, document.children);
/** The filter choices on a page: `name=value` → its count. */
function choices(document: Document): Map<string, number> {
  const inputs = find(document, (element) => element.name === 'input' && element.attribs.type === 'checkbox' && element.parent !== null);
  return new Map(
    inputs.map((input) => {
      const label = input.parent as Element;
      const count = DomUtils.findOne((element) => (element.attribs.class ?? '').includes('choice-count'), [label])!;
      return [`${input.attribs.name}=${input.attribs.value}`, Number(DomUtils.textContent(count).trim())];
    }),
  );
}
const cardLinks = (document: Document) =>
  find(document, (element) => element.name === 'a' && ((element.parent as Element | null)?.attribs?.class ?? '').split(' ').includes('card')).map((link) => link.attribs.href);
const headLink = (document: Document, rel: string) => DomUtils.findOne((element) => element.name === 'link' && element.attribs.rel === rel, document.children)?.attribs.href;
const robots = (document: Document) => DomUtils.findOne((element) => element.name === 'meta' && element.attribs.name === 'robots', document.children)?.attribs.content;

describe('layered navigation on a category page', () => {
  it('writes one facet index per category at sync, with sizes and colours for Women/Clothing', async () => {
    const keys = (await shop.kv.list({ prefix: 'default:facets:category:' })).keys;
    expect(keys).toHaveLength(flattenCategories(tree).length);
    const index = await facetIndexOf(categoryAt('women/clothing'));
    expect(index.facets.map((facet) => facet.code).slice(0, 2)).toEqual(['color', 'size']);
    expect(index.priceStep).not.toBeNull();
  });

  it('filters by size and colour, counting each choice under the other filters; canonical to the category, noindex', async () => {
    const category = categoryAt('women/clothing');
    const path = `/${category.urlPath}`;
    const index = await facetIndexOf(category);
    const unfiltered = await page(path);
    expect(headLink(unfiltered, 'canonical')).toMatch(new RegExp(`${path}$`));
    expect(robots(unfiltered)).toBeUndefined();
    const counts = choices(unfiltered);
    const size = index.facets.find((facet) => facet.code === 'size')!;
    const color = index.facets.find((facet) => facet.code === 'color')!;
    const sizeSlug = size.values.map((value) => value.slug).find((slug) => (counts.get(`size=${slug}`) ?? 0) > 1)!;
    const bySize = await page(`${path}?size=${sizeSlug}`);
    expect(cardLinks(bySize)).toHaveLength(Math.min(24, counts.get(`size=${sizeSlug}`)!));
    const sizeCounts = choices(bySize);
    const colorSlug = color.values.map((value) => value.slug).find((slug) => (sizeCounts.get(`color=${slug}`) ?? 0) > 0)!;
    // Under the size, colours count only that size's products: at most what they counted before.
    expect([...sizeCounts].filter(([key]) => key.startsWith('color=')).some(([key, count]) => count < (counts.get(key) ?? 0))).toBe(true);

    const both = await page(`${path}?color=${colorSlug}&size=${sizeSlug}`);
    expect(cardLinks(both)).toHaveLength(sizeCounts.get(`color=${colorSlug}`)!);
    expect(headLink(both, 'canonical')).toMatch(new RegExp(`${path}$`));
    expect(robots(both)).toBe('noindex');
    expect(DomUtils.textContent(find(both, (element) => element.attribs['aria-label'] === 'Filters applied')).trim()).toContain(`Size: ${size.values.find((value) => value.slug === sizeSlug)!.label}`);

    // The other spelling of the same filters redirects to the one URL.
    const swapped = await get(`${path}?size=${sizeSlug}&color=${colorSlug}&color=no-such-colour`);
    expect(swapped.status).toBe(301);
    expect(swapped.headers.get('Location')).toBe(`${path}?color=${colorSlug}&size=${sizeSlug}`);
  });

  it('lists the filtered products in the markdown view of a filtered page', async () => {
    const category = categoryAt('women/clothing');
    const path = `/${category.urlPath}`;
    const html = await page(`${path}?stock=in`);
    const markdown = await (await get(`${path}.md?stock=in`)).text();
    expect(markdown).toContain('Filtered by In stock only.');
    expect(markdown).not.toContain('Out of stock');
    for (const href of cardLinks(html)) expect(markdown).toContain(`${href})`);
    const all = await (await get(`${path}.md`)).text();
    expect(all).not.toContain('Filtered by');
  });

  it('offers no price filter where prices are hidden from guests, and ignores a price parameter there', async () => {
    const category = categoryAt('trade-supplies');
    const path = `/${category.urlPath}`;
    expect((await facetIndexOf(category)).priceStep).toBeNull();
    const document = await page(path);
    expect([...choices(document).keys()].some((key) => key.startsWith('price='))).toBe(false);
    const withPrice = await get(`${path}?price=0-100`);
    expect(withPrice.status).toBe(200);
    expect(cardLinks(parseDocument(await withPrice.text()))).toEqual(cardLinks(document));

    const shop = await page('/women/clothing');
    expect([...choices(shop).keys()].some((key) => key.startsWith('price='))).toBe(true);
  });
});
