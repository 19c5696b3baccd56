import { describe, expect, it } from 'vitest';
import { emptyGroup, newCondition, nodeAt, operatorsFor, parseField, toForm, toTree, updateAt, valueOf, withAttribute, withOperator } from './condition-model.js';

/** The operators per attribute type of the issue (the page hands the module's own table to the script). */
export const issueOperators: Record<string, string[]> = {
  text: ['==', '!=', '{}', '!{}', '()', '!()'],
  number: ['==', '!=', '>=', '>', '<=', '<', '()', '!()'],
  price: ['==', '!=', '>=', '>', '<=', '<', '()', '!()'],
  select: ['==', '!=', '()', '!()'],
  category: ['==', '!=', '()', '!()'],
  boolean: ['==', '!='],
  sku: ['==', '!=', '()', '!()', '{}', '!{}'],
};

const catalog = {
  operatorsByType: issueOperators,
  attributes: [
    { code: 'sku', label: 'SKU', type: 'sku' },
    { code: 'price', label: 'Price', type: 'price' },
    { code: 'category_ids', label: 'Category', type: 'category', options: [{ value: 3, label: 'Trade Supplies' }] },
    { code: 'color', label: 'Color', type: 'select', options: [{ value: 'navy', label: 'Navy' }] },
    { code: 'is_bulk', label: 'Bulk pack', type: 'boolean' },
    { code: 'name', label: 'Name', type: 'text' },
    { code: 'weight', label: 'Weight', type: 'number' },
  ],
};

/** A nested tree touching every value type: all of (price >= 100, any of (category in [3, 4], sku contains "TS-") is false). */
const nested = {
  type: 'combine',
  aggregator: 'all',
  value: true,
  conditions: [
    { type: 'attribute', attribute: 'price', operator: '>=', value: 100 },
    {
      type: 'combine',
      aggregator: 'any',
      value: false,
      conditions: [
        { type: 'attribute', attribute: 'category_ids', operator: '()', value: [3, 4] },
        { type: 'attribute', attribute: 'sku', operator: '{}', value: 'TS-' },
      ],
    },
    { type: 'attribute', attribute: 'is_bulk', operator: '==', value: true },
  ],
};

describe('condition tree ↔ form model', () => {
  it('round-trips a nested tree with every kind of value', () => {
    const form = toForm(nested);
    expect(form).toMatchObject({ kind: 'group', aggregator: 'all', value: 'true' });
    expect(nodeAt(form, [1])).toMatchObject({ kind: 'group', aggregator: 'any', value: 'false' });
    expect(nodeAt(form, [1, 0])).toEqual({ kind: 'condition', attribute: 'category_ids', operator: '()', text: '3, 4' });
    expect(toTree(form, catalog)).toEqual(nested);
  });

  it('types values by attribute and operator', () => {
    expect(valueOf('12.5', '>', 'price')).toBe(12.5);
    expect(valueOf('TS-1, TS-2 ,', '()', 'sku')).toEqual(['TS-1', 'TS-2']);
    expect(valueOf('3,x', '!()', 'category')).toEqual([3, 'x']); // the service names the bad item
    expect(valueOf('false', '==', 'boolean')).toBe(false);
    expect(valueOf(' navy ', '==', 'select')).toBe('navy');
    expect(valueOf('', '==', 'number')).toBe('');
  });

  it('reads the JSON field: blank is no tree, broken JSON and non-trees are reported, never thrown', () => {
    expect(parseField('  ')).toEqual({ model: null, error: null });
    expect(parseField('null')).toEqual({ model: null, error: null });
    expect(parseField('{"type":').error).toMatch(/JSON/);
    expect(parseField('{"type":"attribute","attribute":"sku","operator":"==","value":"A"}').error).toBe('The tree starts with a group (all / any).');
    expect(parseField('{"type":"combine","aggregator":"some","conditions":[]}').error).toBe('conditions.aggregator must be "all" or "any".');
    expect(parseField('{"type":"combine","aggregator":"all","conditions":[{"type":"x"}]}').error).toBe('conditions.conditions.0 is neither a group nor an attribute condition.');
    expect(parseField(JSON.stringify(nested)).model).toEqual(toForm(nested));
  });
});

describe('operators per attribute type', () => {
  it.each([
    ['name', ['==', '!=', '{}', '!{}', '()', '!()']],
    ['weight', ['==', '!=', '>=', '>', '<=', '<', '()', '!()']],
    ['price', ['==', '!=', '>=', '>', '<=', '<', '()', '!()']],
    ['color', ['==', '!=', '()', '!()']],
    ['category_ids', ['==', '!=', '()', '!()']],
    ['is_bulk', ['==', '!=']],
    ['sku', ['==', '!=', '()', '!()', '{}', '!{}']],
    ['unknown_code', []],
  ])('%s allows %j', (code, operators) => {
    expect(operatorsFor(code, catalog)).toEqual(operators);
  });

  it('picking another attribute keeps an operator it allows, else takes its first, and empties the value', () => {
    const onSku = { kind: 'condition' as const, attribute: 'sku', operator: '{}', text: 'TS-' };
    expect(withAttribute(onSku, 'name', catalog)).toEqual({ kind: 'condition', attribute: 'name', operator: '{}', text: '' });
    expect(withAttribute(onSku, 'is_bulk', catalog)).toEqual({ kind: 'condition', attribute: 'is_bulk', operator: '==', text: '' });
  });

  it('going from a list operator to a single one keeps the first item', () => {
    expect(withOperator({ kind: 'condition', attribute: 'sku', operator: '()', text: 'A, B' }, '==')).toMatchObject({ operator: '==', text: 'A' });
    expect(withOperator({ kind: 'condition', attribute: 'sku', operator: '==', text: 'A' }, '()')).toMatchObject({ operator: '()', text: 'A' });
  });
});

describe('editing the tree', () => {
  it('adds, changes and removes nodes at a path without touching the original', () => {
    const form = toForm(nested);
    const added = updateAt(form, [1], (group) => (group.kind === 'group' ? { ...group, children: [...group.children, newCondition(catalog, 'color')] } : group));
    expect(nodeAt(added, [1, 2])).toEqual({ kind: 'condition', attribute: 'color', operator: '==', text: '' });
    expect(nodeAt(form, [1]).kind === 'group' && (nodeAt(form, [1]) as { children: unknown[] }).children).toHaveLength(2);
    const removed = updateAt(added, [0], () => null);
    expect(toTree(removed, catalog)).toMatchObject({ conditions: [{ type: 'combine' }, { attribute: 'is_bulk' }] });
    const flipped = updateAt(removed, [0], (group) => (group.kind === 'group' ? { ...group, value: 'true', aggregator: 'all' } : group));
    expect(toTree(flipped, catalog)).toMatchObject({ conditions: [{ type: 'combine', aggregator: 'all', value: true }, { attribute: 'is_bulk' }] });
    expect(updateAt(form, [], () => null)).toEqual(emptyGroup());
    expect(() => nodeAt(form, [0, 1])).toThrow('No node at 0.1.');
  });
});
