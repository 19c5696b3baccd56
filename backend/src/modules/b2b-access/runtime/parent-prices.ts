import { roundMoney } from '../../../domains/carts/money.ts';
import type { CatalogReads, ChildPriceLink, ChildPriceRow, ProductType } from '../../../domains/catalog/module-reads.ts';
import { finalPriceOf } from '../../../domains/catalog/products/rows.ts';

/**
 * A parent's shown price for one caller (DECISIONS.md 47). The catalog's price index gives a
 * configurable, grouped product or bundle the price of its cheapest child (or cheapest complete
 * choice) over every child, so a child whose price is hidden from the caller, or which is hidden
 * from them altogether, would show through its parent's `price`/`minimalPrice`. Only then (the
 * annotation asks only for parents with such a child) are the children read here and the parent's
 * figures computed again over the children the caller may see, by the index's own rules
 * (domains/catalog/products/price-index.ts: enabled children, in stock first, special prices on
 * their days, a bundle's required options each at their cheapest).
 */

export type ChildPricedType = Extract<ProductType, 'configurable' | 'grouped' | 'bundle'>;
export const childPricedTypes: ReadonlySet<ProductType> = new Set<ChildPricedType>(['configurable', 'grouped', 'bundle']);

/** The figures of a record that the index derives from its children. */
export interface ShownPrice {
  price: number;
  specialPrice: number | null;
  finalPrice: number;
  minimalPrice: number;
}

type ChildRow = ChildPriceRow;
type ChildLink = ChildPriceLink;

const finalOf = (child: ChildRow) => finalPriceOf(child.price, child.specialPrice);

/** The cheapest enabled candidate at its quantity, in stock first, then by regular price (as the index chooses). */
function cheapest<T extends { child: ChildRow; qty: number }>(candidates: T[]): T | undefined {
  const enabled = candidates.filter((c) => c.child.enabled);
  const inStock = enabled.filter((c) => c.child.inStock);
  const pool = inStock.length > 0 ? inStock : enabled;
  const cost = (c: T) => finalOf(c.child) * c.qty;
  return pool.reduce<T | undefined>((best, c) => (!best || cost(c) < cost(best) || (cost(c) === cost(best) && c.child.price < best.child.price) ? c : best), undefined);
}

function shownPrice(type: ChildPricedType, links: ChildLink[], children: ReadonlyMap<number, ChildRow>): ShownPrice | null {
  const candidates = links.flatMap((link) => {
    const child = children.get(link.childId);
    return child ? [{ ...link, child }] : [];
  });
  if (type === 'configurable') {
    const best = cheapest(candidates);
    return best ? { price: best.child.price, specialPrice: best.child.specialPrice, finalPrice: finalOf(best.child), minimalPrice: finalOf(best.child) } : null;
  }
  if (type === 'grouped') {
    const best = cheapest(candidates);
    // A grouped product has no price of its own: its figures are its cheapest member's ("from").
    return best ? { price: finalOf(best.child), specialPrice: null, finalPrice: finalOf(best.child), minimalPrice: finalOf(best.child) } : null;
  }
  // A bundle: each required option (whether or not the caller may see any of its selections) at its
  // cheapest selection; without required options, the cheapest single selection.
  const required = [...new Set(links.filter((l) => l.required).map((l) => l.optionId))];
  const groups = required.length > 0 ? required.map((optionId) => candidates.filter((c) => c.optionId === optionId)) : [candidates];
  let total = 0;
  for (const group of groups) {
    const best = cheapest(group);
    // A required option with no choice the caller may see: no complete bundle has a price for them.
    if (!best) return null;
    total += finalOf(best.child) * best.qty;
  }
  const rounded = roundMoney(total);
  return { price: rounded, specialPrice: null, finalPrice: rounded, minimalPrice: rounded };
}

/**
 * The shown price of each parent over the children `revealed` says the caller may see (null: none
 * has a price for them). Two to three queries for the whole answer.
 */
export async function shownParentPrices(
  catalog: CatalogReads,
  storeId: number,
  parents: ReadonlyMap<number, ChildPricedType>,
  revealed: (childId: number) => boolean,
): Promise<Map<number, ShownPrice | null>> {
  const links = await catalog.childPriceLinks(parents);
  // Only the children the caller may see are read, so no other child can be a candidate.
  const children = await catalog.childPriceRows(storeId, [...new Set(links.map((link) => link.childId).filter(revealed))]);
  return new Map(
    [...parents].map(([id, type]) => [
      id,
      shownPrice(
        type,
        links.filter((link) => link.parentId === id),
        children,
      ),
    ]),
  );
}
