import { describe, expect, it } from 'vitest';
import { matchesConditions, treeProblem, type ConditionNode, type ProductFacts } from './conditions.ts';

const product: ProductFacts = {
  id: 7,
  sku: 'TS-PAPER-500',
  price: 42.5,
  // The product sits in 12; 3 is its parent and 1 the root: facts carry the ancestors.
  categoryIds: [12, 3, 1],
  attributes: { color: 'Navy', pack_size: 500, is_bulk: true, material: 'recycled paper' },
};

const all = (...conditions: ConditionNode[]): ConditionNode => ({ type: 'combine', aggregator: 'all', value: true, conditions });
const leaf = (attribute: string, operator: string, value: unknown) => ({ type: 'attribute', attribute, operator, value }) as ConditionNode;

describe('matchesConditions: every operator', () => {
  const cases: [string, unknown, string, unknown, boolean][] = [
    ['sku equals', 'sku', '==', 'TS-PAPER-500', true],
    ['sku equals, case-insensitive', 'sku', '==', 'ts-paper-500', true],
    ['sku equals another', 'sku', '==', 'TS-PAPER-100', false],
    ['sku differs', 'sku', '!=', 'TS-PAPER-100', true],
    ['sku differs (same)', 'sku', '!=', 'TS-PAPER-500', false],
    ['price at least', 'price', '>=', 42.5, true],
    ['price above', 'price', '>', 42.5, false],
    ['price at most', 'price', '<=', 42.5, true],
    ['price below', 'price', '<', 50, true],
    ['price below (no)', 'price', '<', 10, false],
    ['number attribute compares as a number', 'pack_size', '>', 99, true],
    ['sku contains', 'sku', '{}', 'PAPER', true],
    ['sku contains (no)', 'sku', '{}', 'INK', false],
    ['sku does not contain', 'sku', '!{}', 'INK', true],
    ['sku does not contain (it does)', 'sku', '!{}', 'TS-', false],
    ['sku is one of', 'sku', '()', ['A', 'TS-PAPER-500'], true],
    ['sku is one of (no)', 'sku', '()', ['A', 'B'], false],
    ['sku is not one of', 'sku', '!()', ['A', 'B'], true],
    ['sku is not one of (it is)', 'sku', '!()', ['TS-PAPER-500'], false],
    ['category equals a direct category', 'category_ids', '==', 12, true],
    ['category equals an ancestor (descendants inherit)', 'category_ids', '==', 1, true],
    ['category is one of', 'category_ids', '()', [99, 3], true],
    ['category is not one of', 'category_ids', '!()', [99, 98], true],
    ['category is not one of (an ancestor is listed)', 'category_ids', '!()', [1], false],
    ['category differs (one of them is that category)', 'category_ids', '!=', 3, false],
    ['select attribute equals', 'color', '==', 'navy', true],
    ['boolean attribute equals', 'is_bulk', '==', true, true],
    ['text attribute contains one of a list', 'material', '{}', ['steel', 'paper'], true],
    ['number attribute equals a numeric string', 'pack_size', '==', '500', true],
    ['missing attribute fails equality', 'finish', '==', 'matte', false],
    ['missing attribute passes negation', 'finish', '!=', 'matte', true],
    ['missing attribute fails a comparison', 'weight', '>=', 0, false],
    ['missing attribute passes "not one of"', 'finish', '!()', ['matte'], true],
    ['comparison with a text attribute fails', 'color', '>', 3, false],
  ];
  it.each(cases)('%s', (_name, attribute, operator, value, expected) => {
    expect(matchesConditions(all(leaf(attribute as string, operator, value)), product)).toBe(expected);
  });
});

describe('matchesConditions: nested all/any and value:false', () => {
  const yes = leaf('sku', '==', 'TS-PAPER-500');
  const no = leaf('sku', '==', 'OTHER');
  const group = (aggregator: 'all' | 'any', value: boolean, ...conditions: ConditionNode[]): ConditionNode => ({ type: 'combine', aggregator, value, conditions });
  const cases: [string, ConditionNode, boolean][] = [
    ['all true: every condition holds', group('all', true, yes, yes), true],
    ['all true: one fails', group('all', true, yes, no), false],
    ['any true: one holds', group('any', true, no, yes), true],
    ['any true: none holds', group('any', true, no, no), false],
    ['all false: every condition fails', group('all', false, no, no), true],
    ['all false: one holds', group('all', false, no, yes), false],
    ['any false: one fails', group('any', false, yes, no), true],
    ['any false: all hold', group('any', false, yes, yes), false],
    ['empty group matches every product', group('all', true), true],
    ['empty group with value false matches too', group('any', false), true],
    ['nested: all(any(no, yes), all false(no))', group('all', true, group('any', true, no, yes), group('all', false, no)), true],
    ['nested: any(all(yes, no), any false(yes))', group('any', true, group('all', true, yes, no), group('any', false, yes)), false],
    ['nested three deep', group('all', true, group('any', true, group('all', false, no), no)), true],
  ];
  it.each(cases)('%s', (_name, tree, expected) => {
    expect(matchesConditions(tree, product)).toBe(expected);
  });
});

describe('a malformed tree never matches and says why', () => {
  // Each of these would match the product if it were read leniently.
  const cases: [string, unknown, string][] = [
    ['unknown operator', all(leaf('sku', 'like', 'TS')), 'conditions.0.operator'],
    ['"()" without a list', all(leaf('sku', '()', 'TS-PAPER-500')), 'conditions.0.value'],
    ['comparison with text', all(leaf('price', '>=', 'cheap')), 'conditions.0.value'],
    ['equality with a list', all(leaf('sku', '==', ['TS-PAPER-500'])), 'conditions.0.value'],
    ['bad aggregator', { type: 'combine', aggregator: 'most', value: true, conditions: [] }, 'aggregator'],
    ['value not boolean', { type: 'combine', aggregator: 'all', value: 'yes', conditions: [] }, 'value'],
    ['conditions not a list', { type: 'combine', aggregator: 'all', value: true, conditions: {} }, 'conditions'],
    ['unknown node type', all({ type: 'sql', value: '1=1' } as unknown as ConditionNode), 'conditions.0.type'],
    ['a leaf at the top', leaf('sku', '==', 'TS-PAPER-500'), 'type'],
    ['unknown field', all({ ...leaf('sku', '==', 'TS-PAPER-500'), extra: 1 } as unknown as ConditionNode), 'conditions.0.extra'],
    ['bad attribute code', all(leaf('Robert; drop', '==', 'x')), 'conditions.0.attribute'],
    ['not an object', 'all', ''],
    ['null', null, ''],
    ['malformed after a failing branch still never matches', { type: 'combine', aggregator: 'any', value: true, conditions: [leaf('sku', '==', 'TS-PAPER-500'), leaf('sku', '~', 'x')] }, 'conditions.1.operator'],
    ['too deep', Array.from({ length: 9 }).reduce<ConditionNode>((inner) => all(inner), all()), 'conditions.0.conditions.0.conditions.0.conditions.0.conditions.0.conditions.0.conditions.0.conditions.0'],
  ];
  it.each(cases)('%s', (_name, tree, path) => {
    expect(treeProblem(tree)?.path).toBe(path);
    expect(matchesConditions(tree, product)).toBe(false);
  });

  it('accepts a well-formed tree', () => {
    expect(treeProblem(all(leaf('sku', '{}', 'TS'), { type: 'combine', aggregator: 'any', value: false, conditions: [leaf('price', '<', 5)] }))).toBeNull();
  });
});
