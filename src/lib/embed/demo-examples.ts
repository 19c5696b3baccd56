/**
 * The live examples of `/embed-demo`: products of this store that show what the widget does with
 * each kind (a simple product, a configurable, a sold-out one, one whose price B2B Access hides),
 * picked from the first listing pages the sync wrote rather than named in code, so the page works
 * for any catalog. A kind the catalog lacks is left out.
 */
import { flattenCategories } from '../catalog/listing.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { CategoryNode, ProductCard } from '../content/schemas.ts';

export interface DemoExample {
  kind: 'simple' | 'configurable' | 'sold-out' | 'b2b-gated';
  title: string;
  sku: string;
}

const titles: Record<DemoExample['kind'], string> = {
  simple: 'A simple product',
  configurable: 'A configurable product (choose its options in the lightbox)',
  'sold-out': 'A sold-out product',
  'b2b-gated': 'A B2B-gated product (its price is for trade accounts)',
};

const tests: [DemoExample['kind'], (card: ProductCard) => boolean][] = [
  ['simple', (card) => card.type === 'simple' && card.stockStatus === 'in_stock' && card.price !== null],
  ['configurable', (card) => card.type === 'configurable' && card.stockStatus === 'in_stock' && card.price !== null],
  ['sold-out', (card) => card.stockStatus !== 'in_stock' && card.price !== null],
  ['b2b-gated', (card) => card.extensions?.b2bAccess?.gateFlags.hidePrice === true],
];

/** The first card of each kind, in the order the cards come (pure). */
export function pickExamples(cards: Iterable<ProductCard>): DemoExample[] {
  const found = new Map<DemoExample['kind'], string>();
  for (const card of cards) {
    for (const [kind, matches] of tests) if (!found.has(kind) && matches(card)) found.set(kind, card.sku);
    if (found.size === tests.length) break;
  }
  return tests.flatMap(([kind]) => (found.has(kind) ? [{ kind, title: titles[kind], sku: found.get(kind)! }] : []));
}

/** Reads first listing pages, category by category, until every kind is found (at most `maxPages` reads). */
export async function demoExamples(content: Pick<ContentStore, 'listingPage'>, tree: CategoryNode[], maxPages = 60): Promise<DemoExample[]> {
  const cards: ProductCard[] = [];
  for (const { category } of flattenCategories(tree).slice(0, maxPages)) {
    cards.push(...((await content.listingPage(category.id, 1))?.products ?? []));
    if (pickExamples(cards).length === tests.length) break;
  }
  return pickExamples(cards);
}
