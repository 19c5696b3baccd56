import { groupBy } from '../platform/collections.ts';
import type { ProductType } from '../platform/db/schema/index.ts';
import { CatalogBuilder, type SellableSummary } from './catalog-builder.ts';
import type { GeneratedCategories, Leaf } from './categories.ts';
import type { LeafKind } from './category-tree.ts';
import { buildBundle, buildGrouped, type SimplePool } from './composites.ts';
import { buildConfigurable } from './configurable.ts';
import { buildDownloadable, buildGiftcard } from './digital.ts';
import { buildStandalone, draftProduct, type ProductDraft } from './product-draft.ts';
import type { Random } from './random.ts';
import { addTradeProducts } from './trade.ts';
import type { CatalogRows } from './types.ts';

/**
 * The mix of types in every run of 20 products, so even a small catalog has every type:
 * 8 simple, 5 configurable, 1 grouped, 2 bundle, 2 downloadable, 1 virtual, 1 gift card.
 */
const typeDeck: ProductType[] = [
  ...Array<ProductType>(8).fill('simple'),
  ...Array<ProductType>(5).fill('configurable'),
  'grouped',
  'bundle',
  'bundle',
  'downloadable',
  'downloadable',
  'virtual',
  'giftcard',
];

const kindsOfType: Record<ProductType, LeafKind[]> = {
  simple: ['apparel', 'footwear', 'gear', 'gear', 'home', 'home'],
  configurable: ['apparel', 'apparel', 'footwear'],
  grouped: ['gear', 'home'],
  bundle: ['gear', 'home'],
  downloadable: ['digital'],
  virtual: ['service'],
  giftcard: ['giftcard'],
};

function dealTypes(random: Random, count: number): ProductType[] {
  const types: ProductType[] = [];
  while (types.length < count) types.push(...random.shuffle(typeDeck));
  return types.slice(0, count);
}

function pickLeaf(random: Random, type: ProductType, leavesByKind: Map<LeafKind, Leaf[]>): Leaf {
  return random.pick(leavesByKind.get(random.pick(kindsOfType[type])) ?? []);
}

const composite = (type: ProductType) => type === 'grouped' || type === 'bundle';

/**
 * Products with ids 1..count (variants follow), every type present, plus categories, images and related
 * links; then the fixed Trade Supplies range (trade.ts).
 */
export function generateProducts(random: Random, categories: GeneratedCategories, count: number): CatalogRows {
  const builder = new CatalogBuilder(count + 1);
  const leavesByKind = groupBy(categories.leaves, (leaf) => leaf.kind);
  const drafts = dealTypes(random, count).map((type, index) =>
    draftProduct(builder, random, index + 1, type, pickLeaf(random, type, leavesByKind)),
  );

  // Simple products first: grouped products and bundles are made of them.
  const pool: SimplePool = new Map();
  for (const draft of drafts.filter((d) => !composite(d.type))) {
    const summary = buildSingle(builder, random, draft);
    if (draft.type !== 'simple') continue;
    const siblings = pool.get(draft.leaf);
    if (siblings) siblings.push(summary);
    else pool.set(draft.leaf, [summary]);
  }
  for (const draft of drafts.filter((d) => composite(d.type))) {
    const build = draft.type === 'grouped' ? buildGrouped : buildBundle;
    // A tiny catalog may lack the simple products to compose; the product is then sold on its own.
    if (!build(builder, random, draft, pool)) buildStandalone(builder, random, { ...draft, type: 'simple' });
  }

  for (const draft of drafts) {
    builder.assignCategories(draft.id, [...draft.leaf.pathIds, ...categories.curatedIds.filter(() => random.chance(0.05))]);
    builder.addImages(draft.id, draft.urlKey, imageLabels(random, draft));
  }
  linkRelated(builder, random, drafts);
  addTradeProducts(builder, random.fork('trade'), categories.tradePathIds);
  builder.rows.products.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return builder.rows;
}

function buildSingle(builder: CatalogBuilder, random: Random, draft: ProductDraft): SellableSummary {
  switch (draft.type) {
    case 'configurable':
      return buildConfigurable(builder, random, draft);
    case 'downloadable':
      return buildDownloadable(builder, random, draft);
    case 'giftcard':
      return buildGiftcard(builder, random, draft);
    default:
      return buildStandalone(builder, random, draft);
  }
}

/** One to three gallery images: the product, a detail, the product in use. */
function imageLabels(random: Random, draft: ProductDraft): string[] {
  const name = draft.copy.name;
  return [name, `${name}, detail`, `${name} in use`].slice(0, random.int(1, 3));
}

/** Up to four related products from the same top-level category. */
function linkRelated(builder: CatalogBuilder, random: Random, drafts: ProductDraft[]): void {
  const byTop = groupBy(drafts, (d) => d.leaf.topId);
  for (const draft of drafts) {
    const siblings = byTop.get(draft.leaf.topId) ?? [];
    const wanted = Math.min(random.int(0, 4), siblings.length - 1);
    const related = new Set<number>();
    // Random probes instead of shuffling the whole sibling list: cheap for 10,000 products.
    for (let attempt = 0; related.size < wanted && attempt < wanted * 4; attempt++) {
      const candidate = random.pick(siblings).id;
      if (candidate !== draft.id) related.add(candidate);
    }
    [...related].forEach((id, index) => builder.link(draft.id, id, 'related', index + 1));
  }
}
