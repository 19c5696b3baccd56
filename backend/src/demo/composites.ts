import type { CatalogBuilder, SellableSummary } from './catalog-builder.ts';
import type { Leaf } from './categories.ts';
import { lowest, total } from './pricing.ts';
import { addVisibleProduct, renameDraft, type ProductDraft } from './product-draft.ts';
import type { Random } from './random.ts';

/** Simple products available to grouped products and bundles, by the leaf category they sit in. */
export type SimplePool = Map<Leaf, SellableSummary[]>;

/** Leaves of the same kind with at least two simple products, so every option offers a real choice. */
function candidatesOfKind(pool: SimplePool, kind: Leaf['kind']): [Leaf, SellableSummary[]][] {
  const choices = [...pool].filter(([, items]) => items.length >= 2);
  const sameKind = choices.filter(([leaf]) => leaf.kind === kind);
  return sameKind.length > 0 ? sameKind : choices;
}

const inStockOrAll = (items: SellableSummary[]) => {
  const available = items.filter((i) => i.inStock);
  return available.length > 0 ? available : items;
};

/**
 * A grouped product: a page offering 2-4 simple products together, each bought at its own price.
 * Returns undefined when the catalog has too few simple products to group.
 */
export function buildGrouped(builder: CatalogBuilder, random: Random, draft: ProductDraft, pool: SimplePool): SellableSummary | undefined {
  const items = candidatesOfKind(pool, draft.leaf.kind).flatMap(([, list]) => list);
  if (items.length === 0) return undefined;
  const members = random.sample(items, random.int(2, 4));
  members.forEach((member, index) => builder.link(draft.id, member.id, 'grouped', index + 1, random.chance(0.2) ? 2 : 1));

  const price = lowest(members.map((m) => m.finalPrice));
  const minimal = lowest(inStockOrAll(members).map((m) => m.finalPrice));
  const inStock = members.some((m) => m.inStock);
  const qty = members.reduce((sum, m) => sum + m.qty, 0);
  addVisibleProduct(builder, draft, { qty, inStock });
  builder.addPrices(draft.id, price, null, minimal);
  return { id: draft.id, sku: draft.sku, finalPrice: minimal, qty, inStock };
}

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const optionShapes = [
  { inputType: 'radio', isRequired: true },
  { inputType: 'select', isRequired: true },
  { inputType: 'checkbox', isRequired: false },
] as const;

/**
 * A bundle: 2-3 options, each a choice among simple products of one category, priced dynamically
 * (the sum of the chosen selections). Its price is the cheapest complete configuration.
 */
export function buildBundle(builder: CatalogBuilder, random: Random, draft: ProductDraft, pool: SimplePool): SellableSummary | undefined {
  const candidates = candidatesOfKind(pool, draft.leaf.kind);
  if (candidates.length === 0) return undefined;
  const optionCount = random.int(2, 3);
  const chosen = random.shuffle(candidates);

  const required: SellableSummary[][] = [];
  const contents = new Set<string>();
  for (let index = 0; index < optionCount; index++) {
    const [leaf, items] = chosen[index % chosen.length] ?? candidates[0] ?? [];
    const shape = optionShapes[index];
    if (!leaf || !items || !shape) break;
    contents.add(leaf.name);
    const optionId = builder.nextId('bundleOption');
    const title = index < chosen.length ? leaf.name : `${leaf.name} (add-on)`;
    builder.rows.bundleOptions.push({ id: optionId, productId: draft.id, title, ...shape, position: index + 1 });
    const selections = random.sample(items, random.int(2, 3));
    selections.forEach((selection, position) =>
      builder.rows.bundleSelections.push({
        id: builder.nextId('bundleSelection'),
        optionId,
        productId: selection.id,
        defaultQty: 1,
        isDefault: position === 0,
        position: position + 1,
      }),
    );
    if (shape.isRequired) required.push(selections);
  }

  const price = total(required.map((selections) => lowest(inStockOrAll(selections).map((s) => s.finalPrice))));
  const inStock = required.every((selections) => selections.some((s) => s.inStock));
  const qty = inStock ? Math.min(...required.map((selections) => selections.reduce((sum, s) => sum + (s.inStock ? s.qty : 0), 0))) : 0;
  // "Cedar Weekend Kit: Tents and Packs": the title names the categories its options offer.
  renameDraft(builder, draft, `${draft.copy.name}: ${listOf([...contents])}`);
  addVisibleProduct(builder, draft, { qty, inStock });
  builder.addPrices(draft.id, price, null, price);
  return { id: draft.id, sku: draft.sku, finalPrice: price, qty, inStock };
}
