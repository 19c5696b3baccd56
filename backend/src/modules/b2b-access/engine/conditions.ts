/**
 * The condition tree of a rule (DECISIONS.md 17) and how it matches a product. Pure: no I/O.
 *
 * Semantics (the ones merchants know from the platforms SPEC.md follows):
 * - a combine node with `value: true` needs all (`all`) or any (`any`) of its conditions to hold; with
 *   `value: false` it needs all of them, or any of them, to fail. An empty node holds for every product.
 * - a product without the attribute fails `==`, `{}`, `()` and the comparisons, and passes their
 *   negations (`!=`, `!{}`, `!()`): "not in category X" holds for a product in no category.
 * - list attributes (`category_ids`) hold for `==`/`()`/`{}` when any of their values does.
 * - values compare as numbers when both sides are numeric, else as case-insensitive text.
 * A tree that breaks these shapes is malformed and never matches (`treeProblem` says why).
 */

export const OPERATORS = ['==', '!=', '>=', '>', '<=', '<', '{}', '!{}', '()', '!()'] as const;
export type Operator = (typeof OPERATORS)[number];

export type Scalar = string | number | boolean;
export type LeafValue = Scalar | Scalar[];

export interface ConditionLeaf {
  type: 'attribute';
  /** `sku`, `category_ids`, `price` or any product attribute code. */
  attribute: string;
  operator: Operator;
  value: LeafValue;
}

export interface ConditionTree {
  type: 'combine';
  aggregator: 'all' | 'any';
  value: boolean;
  conditions: ConditionNode[];
}

export type ConditionNode = ConditionLeaf | ConditionTree;

/** What the engine knows of a product: its categories include every ancestor. */
export interface ProductFacts {
  id: number;
  sku: string;
  price: number | null;
  categoryIds: number[];
  attributes: Record<string, Scalar>;
}

/** How deep a tree may nest; deeper ones are malformed (and could not be edited in the admin anyway). */
export const maxTreeDepth = 8;
/** How many conditions a node may hold. */
export const maxConditions = 100;

const comparisons = new Set<Operator>(['>=', '>', '<=', '<']);
const listOperators = new Set<Operator>(['()', '!()']);

export interface TreeProblem {
  /** Dotted path inside the tree, e.g. "conditions.1.operator" ("" for the root). */
  path: string;
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

function leafProblem(node: Record<string, unknown>, path: string): TreeProblem | null {
  const unknownKey = Object.keys(node).find((key) => !['type', 'attribute', 'operator', 'value'].includes(key));
  if (unknownKey) return { path: join(path, unknownKey), message: `Unknown field "${unknownKey}" in a condition.` };
  const { attribute, operator, value } = node;
  if (typeof attribute !== 'string' || !/^[a-z][a-z0-9_]{0,63}$/.test(attribute)) {
    return { path: join(path, 'attribute'), message: 'attribute must be an attribute code (lowercase letters, digits, "_").' };
  }
  if (typeof operator !== 'string' || !(OPERATORS as readonly string[]).includes(operator)) {
    return { path: join(path, 'operator'), message: `operator must be one of ${OPERATORS.join(' ')}.` };
  }
  const op = operator as Operator;
  if (listOperators.has(op)) {
    if (!Array.isArray(value) || value.length === 0 || value.length > 1000 || !value.every(isScalar)) {
      return { path: join(path, 'value'), message: `"${op}" needs a non-empty list of values.` };
    }
    return null;
  }
  if (comparisons.has(op)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return { path: join(path, 'value'), message: `"${op}" compares with a number.` };
    return null;
  }
  if (Array.isArray(value) ? value.length === 0 || !value.every(isScalar) : !isScalar(value)) {
    return { path: join(path, 'value'), message: `"${op}" needs a value (text, number, true/false${op === '{}' || op === '!{}' ? ' or a list' : ''}).` };
  }
  if (Array.isArray(value) && (op === '==' || op === '!=')) return { path: join(path, 'value'), message: `"${op}" compares with one value; use "()" for a list.` };
  return null;
}

function nodeProblem(node: unknown, path: string, depth: number): TreeProblem | null {
  if (!isObject(node)) return { path, message: 'A condition must be an object.' };
  if (node.type === 'attribute') return leafProblem(node, path);
  if (node.type !== 'combine') return { path: join(path, 'type'), message: 'type must be "combine" or "attribute".' };
  if (depth > maxTreeDepth) return { path, message: `Conditions nest at most ${maxTreeDepth} levels deep.` };
  const unknownKey = Object.keys(node).find((key) => !['type', 'aggregator', 'value', 'conditions'].includes(key));
  if (unknownKey) return { path: join(path, unknownKey), message: `Unknown field "${unknownKey}" in a condition group.` };
  if (node.aggregator !== 'all' && node.aggregator !== 'any') return { path: join(path, 'aggregator'), message: 'aggregator must be "all" or "any".' };
  if (typeof node.value !== 'boolean') return { path: join(path, 'value'), message: 'value of a condition group must be true or false.' };
  if (!Array.isArray(node.conditions)) return { path: join(path, 'conditions'), message: 'conditions must be a list.' };
  if (node.conditions.length > maxConditions) return { path: join(path, 'conditions'), message: `A group holds at most ${maxConditions} conditions.` };
  for (const [index, child] of node.conditions.entries()) {
    const problem = nodeProblem(child, join(join(path, 'conditions'), index), depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Why a stored or sent tree can never match, or null when it is well formed. The root is a combine node. */
export function treeProblem(tree: unknown): TreeProblem | null {
  if (isObject(tree) && tree.type !== 'combine') return { path: 'type', message: 'The top of a condition tree is a "combine" group.' };
  return nodeProblem(tree, '', 1);
}

function numeric(value: Scalar): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function same(a: Scalar, b: Scalar): boolean {
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== null && y !== null) return x === y;
  return String(a).toLowerCase() === String(b).toLowerCase();
}

function contains(fact: Scalar, wanted: Scalar): boolean {
  return String(fact).toLowerCase().includes(String(wanted).toLowerCase());
}

function factOf(facts: ProductFacts, attribute: string): Scalar | Scalar[] | undefined {
  if (attribute === 'sku') return facts.sku;
  if (attribute === 'price') return facts.price ?? undefined;
  if (attribute === 'category_ids') return facts.categoryIds;
  return facts.attributes[attribute];
}

/** The positive form of an operator on one value of the product. */
function holdsFor(fact: Scalar, operator: Operator, value: LeafValue): boolean {
  const wanted = Array.isArray(value) ? value : [value];
  switch (operator) {
    case '==':
    case '!=':
      return same(fact, wanted[0]!);
    case '{}':
    case '!{}':
      return wanted.some((w) => contains(fact, w));
    case '()':
    case '!()':
      return wanted.some((w) => same(fact, w));
    default: {
      const [x, y] = [numeric(fact), numeric(wanted[0]!)];
      if (x === null || y === null) return false;
      return operator === '>=' ? x >= y : operator === '>' ? x > y : operator === '<=' ? x <= y : x < y;
    }
  }
}

function leafMatches(leaf: ConditionLeaf, facts: ProductFacts): boolean {
  const fact = factOf(facts, leaf.attribute);
  const negated = leaf.operator === '!=' || leaf.operator === '!{}' || leaf.operator === '!()';
  if (fact === undefined) return negated;
  const values = Array.isArray(fact) ? fact : [fact];
  if (comparisons.has(leaf.operator)) return values.some((v) => holdsFor(v, leaf.operator, leaf.value));
  const positive = values.some((v) => holdsFor(v, leaf.operator, leaf.value));
  return negated ? !positive : positive;
}

/** Evaluates a tree already known to be well formed (see `treeProblem`). */
export function evaluateTree(node: ConditionNode, facts: ProductFacts): boolean {
  if (node.type === 'attribute') return leafMatches(node, facts);
  if (node.conditions.length === 0) return true;
  const wanted = node.value;
  return node.aggregator === 'all'
    ? node.conditions.every((child) => evaluateTree(child, facts) === wanted)
    : node.conditions.some((child) => evaluateTree(child, facts) === wanted);
}

/** Whether the product matches the tree; a malformed tree never matches. */
export function matchesConditions(tree: unknown, facts: ProductFacts): boolean {
  return treeProblem(tree) === null && evaluateTree(tree as ConditionTree, facts);
}
