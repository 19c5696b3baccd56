/** The category tree in the order the storefront shows it: each category before its subcategories, siblings by position (ties by id). */
import type { categories } from '../../../platform/db/schema/index.ts';

type Row = typeof categories.$inferSelect;

const bySiblingOrder = (a: Row, b: Row) => a.position - b.position || a.id - b.id;

/** Each category's siblings (its parent's children, itself included) in order. */
export function siblingsOf(rows: readonly Row[]): Map<number | null, Row[]> {
  const children = new Map<number | null, Row[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  for (const list of children.values()) list.sort(bySiblingOrder);
  return children;
}

/** Depth first: a parent, then each of its children's subtrees in sibling order. */
export function inTreeOrder(rows: readonly Row[]): Row[] {
  const children = siblingsOf(rows);
  const ordered: Row[] = [];
  const visit = (parentId: number | null) => {
    for (const row of children.get(parentId) ?? []) {
      ordered.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return ordered;
}
