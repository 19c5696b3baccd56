import { fragment, h } from '../platform/markup.ts';
import { type CategorySpec, categoryTree, type LeafKind } from './category-tree.ts';
import { lifetime } from './clock.ts';
import type { Random } from './random.ts';
import type { DemoCatalog } from './types.ts';

/** A category that products are generated for. */
export interface Leaf {
  id: number;
  name: string;
  kind: LeafKind;
  nouns: string[];
  /** The leaf and its ancestors: products are assigned to all of them. */
  pathIds: number[];
  topId: number;
  /** e.g. "WTOP" for women/clothing/tops. */
  skuPrefix: string;
}

export interface GeneratedCategories {
  rows: DemoCatalog['categories'];
  leaves: Leaf[];
  /** Hand-picked categories (staff picks, archive) filled with a sample of products. */
  curatedIds: number[];
  /** The Trade Supplies category and its ancestors, for the fixed trade range (trade.ts). */
  tradePathIds: number[];
}

export function generateCategories(random: Random): GeneratedCategories {
  const result: GeneratedCategories = { rows: [], leaves: [], curatedIds: [], tradePathIds: [] };
  let nextId = 1;

  const visit = (spec: CategorySpec, position: number, parentPath: CategorySpec[], parentIds: number[]) => {
    const id = nextId++;
    const path = [...parentPath, spec];
    const urlPath = path.map((s) => s.urlKey).join('/');
    const pathIds = [...parentIds, id];
    result.rows.push({
      id,
      parentId: parentIds.at(-1) ?? null,
      name: spec.name,
      description: fragment(spec.intro.map((sentence) => h('p', {}, sentence))).toString(),
      urlKey: spec.urlKey,
      urlPath,
      level: path.length,
      position,
      isActive: spec.isActive ?? true,
      includeInMenu: spec.includeInMenu ?? true,
      imageFile: spec.curated ? null : `${urlPath.replaceAll('/', '-')}.svg`,
      ...lifetime(random, 720),
    });
    if (spec.curated) result.curatedIds.push(id);
    if (spec.trade) result.tradePathIds = pathIds;
    if (spec.kind && spec.nouns) {
      const skuPrefix = `${path[0]?.urlKey.charAt(0) ?? ''}${spec.urlKey.replaceAll('-', '').slice(0, 3)}`.toUpperCase();
      result.leaves.push({ id, name: spec.name, kind: spec.kind, nouns: spec.nouns, pathIds, topId: pathIds[0] ?? id, skuPrefix });
    }
    (spec.children ?? []).forEach((child, index) => visit(child, index + 1, path, pathIds));
  };

  categoryTree.forEach((spec, index) => visit(spec, index + 1, [], []));
  return result;
}
