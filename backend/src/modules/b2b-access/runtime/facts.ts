import type { Db } from '../../../platform/db/database.ts';
import { catalogReads } from '../../../domains/catalog/module-reads.ts';
import type { ProductFacts } from '../engine/conditions.ts';

/**
 * What rules see of a product (ProductFacts): its sku, base price in the store view, categories with
 * their ancestors, and its attributes plus `name` and `type`; and, for a child, its parents
 * (DECISIONS.md 47): the configurables of a variant, the grouped products of a member, the bundles
 * of a selection. The decision (decide.ts `judge`) reads a child with each parent's facts.
 */
export interface CatalogFacts {
  /** Every product of the store's catalog, enabled or not, by id. */
  facts: ReadonlyMap<number, ProductFacts>;
  /** Product ids by SKU (child arrays on the wire name bundle selections by SKU only). */
  idsBySku: ReadonlyMap<string, number>;
  /** Parent ids of each product that is a child of another (several parents: each is judged). */
  parents: ReadonlyMap<number, readonly number[]>;
  /** Enabled, catalog-visible products (what listings can show; the rule editor counts over them). */
  listable: readonly ProductFacts[];
}

/**
 * The facts of the whole catalog of a store view, in four queries whatever its size (held by the
 * snapshot per version, so requests decide without reading the database).
 */
export async function loadCatalogFacts(db: Db, storeId: number, withAncestors: (ids: readonly number[]) => number[]): Promise<CatalogFacts> {
  const [rows, memberships, links, selections] = await catalogReads(db).accessFactRows(storeId);
  const categoriesOf = new Map<number, number[]>();
  for (const { productId, categoryId } of memberships) categoriesOf.set(productId, [...(categoriesOf.get(productId) ?? []), categoryId]);
  const parents = new Map<number, number[]>();
  for (const { parentId, childId } of [...links, ...selections]) {
    const known = parents.get(childId) ?? [];
    if (!known.includes(parentId)) parents.set(childId, [...known, parentId]);
  }
  const facts = new Map<number, ProductFacts>();
  const idsBySku = new Map(rows.map((row) => [row.sku, row.id]));
  const listable: ProductFacts[] = [];
  for (const row of rows) {
    const own: ProductFacts = {
      id: row.id,
      sku: row.sku,
      price: row.price === null ? null : Number(row.price),
      categoryIds: withAncestors(categoriesOf.get(row.id) ?? []),
      attributes: { ...row.attributes, name: row.name, type: row.type },
    };
    facts.set(row.id, own);
    if (row.isEnabled && row.visibility === 'catalog') listable.push(own);
  }
  return { facts, idsBySku, parents, listable };
}

/** Products a request will judge, by id or SKU. */
export interface Wanted {
  ids?: Iterable<number>;
  skus?: Iterable<string>;
}

/** Whether the catalog holds every product wanted (one it lacks was created after it was read). */
export function holds(catalog: CatalogFacts, wanted: Wanted): boolean {
  for (const id of wanted.ids ?? []) if (!catalog.facts.has(id)) return false;
  for (const sku of wanted.skus ?? []) if (!catalog.idsBySku.has(sku)) return false;
  return true;
}

/**
 * A child as rules see it under one parent: its own sku, price and attributes, in its own and the
 * parent's categories, with the parent's attributes where it has none of its own (a variant made
 * from a "brand: Acme" configurable is an Acme product).
 */
export function asChildOf(child: ProductFacts, parent: ProductFacts): ProductFacts {
  return {
    ...child,
    categoryIds: [...new Set([...child.categoryIds, ...parent.categoryIds])],
    attributes: { ...parent.attributes, ...child.attributes },
  };
}
