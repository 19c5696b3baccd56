import { productTypes } from '../../../domains/catalog/module-reads.ts';
import type { Operator } from '../engine/conditions.ts';
import type { AccessContext } from '../context.ts';

export type AttributeType = 'text' | 'number' | 'price' | 'select' | 'boolean' | 'category' | 'sku';

export interface AttributeChoice {
  code: string;
  label: string;
  type: AttributeType;
  options?: { value: string; label: string }[];
}

/** The operators the condition editor offers per attribute type (the engine accepts any; these are the ones that make sense). */
export const OPERATORS_BY_TYPE: Record<AttributeType, Operator[]> = {
  text: ['==', '!=', '{}', '!{}', '()', '!()'],
  sku: ['==', '!=', '{}', '!{}', '()', '!()'],
  number: ['==', '!=', '>=', '>', '<=', '<', '()', '!()'],
  price: ['==', '!=', '>=', '>', '<=', '<'],
  select: ['==', '!=', '()', '!()'],
  boolean: ['==', '!='],
  category: ['==', '!=', '()', '!()'],
};

/** Text attributes with at most this many distinct values are offered as a select with their values. */
const maxSelectOptions = 50;

const labelOf = (code: string) => code.charAt(0).toUpperCase() + code.slice(1).replaceAll('_', ' ');

/**
 * What a rule's conditions can test: SKU, category, price, name, type, and every custom attribute the
 * catalog's products carry (there is no attribute register: the codes and their types are read from
 * the products themselves, so a new custom attribute is offered as soon as a product has it).
 */
export async function productAttributeCatalog(ctx: AccessContext): Promise<AttributeChoice[]> {
  const [rows, tree] = await Promise.all([ctx.catalog.attributeUsage(maxSelectOptions + 1), ctx.catalog.categoryTree()]);
  const builtIn: AttributeChoice[] = [
    { code: 'sku', label: 'SKU', type: 'sku' },
    { code: 'category_ids', label: 'Category', type: 'category', options: tree.map((node) => ({ value: String(node.id), label: `${node.name} (${node.urlPath})` })) },
    { code: 'price', label: 'Price', type: 'price' },
    { code: 'name', label: 'Name', type: 'text' },
    { code: 'type', label: 'Product type', type: 'select', options: productTypes.map((type) => ({ value: type, label: type })) },
  ];
  const taken = new Set(builtIn.map((choice) => choice.code));
  const customChoices = rows
    .filter((row) => !taken.has(row.code) && /^[a-z][a-z0-9_]{0,63}$/.test(row.code))
    .map((row): AttributeChoice => {
      if (row.kind === 'boolean') return { code: row.code, label: labelOf(row.code), type: 'boolean' };
      if (row.kind === 'number') return { code: row.code, label: labelOf(row.code), type: 'number' };
      if (Number(row.distinct_values) <= maxSelectOptions) {
        return { code: row.code, label: labelOf(row.code), type: 'select', options: row.sample_values.map((value) => ({ value, label: value })) };
      }
      return { code: row.code, label: labelOf(row.code), type: 'text' };
    });
  // An attribute stored with two JSON types (a number here, a string there) is offered once, as its first type.
  const seen = new Set<string>();
  return [...builtIn, ...customChoices.filter((choice) => !seen.has(choice.code) && seen.add(choice.code))];
}
