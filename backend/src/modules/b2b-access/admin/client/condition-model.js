// @ts-check
/**
 * The condition-tree editor's pure part (no DOM): the rule's tree (DECISIONS.md 17) and the form model
 * the editor shows, where every value is the text of its input. The page hands in the attribute catalog
 * and the operators per attribute type from the module's service, so nothing here repeats them.
 *
 * @typedef {{type: 'combine', aggregator: 'all' | 'any', value: boolean, conditions: TreeNode[]}} Combine
 * @typedef {{type: 'attribute', attribute: string, operator: string, value: unknown}} Leaf
 * @typedef {Combine | Leaf} TreeNode
 * @typedef {{code: string, label: string, type: string, options?: {value: string | number, label: string}[]}} Attribute
 * @typedef {{attributes: Attribute[], operatorsByType: Record<string, string[]>}} Catalog
 * @typedef {{kind: 'group', aggregator: 'all' | 'any', value: 'true' | 'false', children: FormNode[]}} FormGroup
 * @typedef {{kind: 'condition', attribute: string, operator: string, text: string}} FormCondition
 * @typedef {FormGroup | FormCondition} FormNode
 */

/** Operators whose value is a list ("is one of", "is not one of"). */
export const listOperators = ['()', '!()'];

/** Attribute types whose values are numbers (category ids included). */
const numericTypes = ['number', 'price', 'category'];

/** @param {string} code @param {Catalog} catalog */
export const attributeOf = (code, catalog) => catalog.attributes.find((attribute) => attribute.code === code);

/** The operators an attribute allows: its type's, none for an attribute the catalog does not know. */
export function operatorsFor(/** @type {string} */ code, /** @type {Catalog} */ catalog) {
  const attribute = attributeOf(code, catalog);
  return attribute ? (catalog.operatorsByType[attribute.type] ?? []) : [];
}

/** @returns {FormGroup} */
export const emptyGroup = () => ({ kind: 'group', aggregator: 'all', value: 'true', children: [] });

/** A new condition on the catalog's first attribute (or the one named), with its first operator. */
export function newCondition(/** @type {Catalog} */ catalog, code = catalog.attributes[0]?.code ?? 'sku') {
  /** @type {FormCondition} */
  const condition = { kind: 'condition', attribute: code, operator: operatorsFor(code, catalog)[0] ?? '==', text: '' };
  return condition;
}

/** The text an input shows for a stored value: lists joined by commas. */
function textOf(/** @type {unknown} */ value) {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return value === null || value === undefined ? '' : String(value);
}

/** The stored value of an input's text, typed by the attribute and the operator. */
export function valueOf(/** @type {string} */ text, /** @type {string} */ operator, /** @type {string | undefined} */ type) {
  const typed = (/** @type {string} */ item) => (type && numericTypes.includes(type) && item !== '' && Number.isFinite(Number(item)) ? Number(item) : item);
  if (listOperators.includes(operator)) return text.split(',').map((item) => item.trim()).filter(Boolean).map(typed);
  if (type === 'boolean') return text === 'true';
  return typed(text.trim());
}

/**
 * The form model of a stored tree; null (no tree) stays null. Anything that is not a tree the editor can
 * show (a malformed one) throws, and the page then leaves the JSON field to the admin.
 * @param {unknown} node @returns {FormNode}
 */
export function toForm(node, path = 'conditions') {
  if (typeof node !== 'object' || node === null) throw new Error(`${path} is not a condition.`);
  const record = /** @type {Record<string, unknown>} */ (node);
  if (record.type === 'combine') {
    if (record.aggregator !== 'all' && record.aggregator !== 'any') throw new Error(`${path}.aggregator must be "all" or "any".`);
    if (!Array.isArray(record.conditions)) throw new Error(`${path}.conditions must be a list.`);
    const children = record.conditions.map((child, index) => toForm(child, `${path}.conditions.${index}`));
    return { kind: 'group', aggregator: record.aggregator, value: record.value === false ? 'false' : 'true', children };
  }
  if (record.type === 'attribute' && typeof record.attribute === 'string' && typeof record.operator === 'string') {
    return { kind: 'condition', attribute: record.attribute, operator: record.operator, text: textOf(record.value) };
  }
  throw new Error(`${path} is neither a group nor an attribute condition.`);
}

/** The stored tree of a form model, values typed by the catalog. @returns {TreeNode} */
export function toTree(/** @type {FormNode} */ node, /** @type {Catalog} */ catalog) {
  if (node.kind === 'group') {
    return { type: 'combine', aggregator: node.aggregator, value: node.value !== 'false', conditions: node.children.map((child) => toTree(child, catalog)) };
  }
  const type = attributeOf(node.attribute, catalog)?.type;
  return { type: 'attribute', attribute: node.attribute, operator: node.operator, value: valueOf(node.text, node.operator, type) };
}

/** The JSON field's text as a form model: blank is no tree (every product in scope matches). */
export function parseField(/** @type {string} */ text) {
  if (text.trim() === '' || text.trim() === 'null') return { model: null, error: null };
  try {
    const model = toForm(JSON.parse(text));
    if (model.kind !== 'group') return { model: null, error: 'The tree starts with a group (all / any).' };
    return { model, error: null };
  } catch (error) {
    return { model: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The node at a path of child indexes. */
export function nodeAt(/** @type {FormNode} */ root, /** @type {number[]} */ path) {
  return path.reduce((node, index) => {
    if (node.kind !== 'group' || !node.children[index]) throw new Error(`No node at ${path.join('.')}.`);
    return node.children[index];
  }, root);
}

/** A copy of the tree with the node at `path` replaced by `change(node)` (null removes it). */
export function updateAt(/** @type {FormNode} */ root, /** @type {number[]} */ path, /** @type {(node: FormNode) => FormNode | null} */ change) {
  /** @returns {FormNode | null} */
  const walk = (/** @type {FormNode} */ node, /** @type {number} */ depth) => {
    if (depth === path.length) return change(node);
    if (node.kind !== 'group') throw new Error(`No node at ${path.join('.')}.`);
    const index = path[depth] ?? -1;
    const children = node.children.flatMap((child, at) => {
      if (at !== index) return [child];
      const changed = walk(child, depth + 1);
      return changed ? [changed] : [];
    });
    return { ...node, children };
  };
  return walk(root, 0) ?? emptyGroup();
}

/** A condition after a new attribute is picked: the operator kept when the new type allows it, the value emptied. */
export function withAttribute(/** @type {FormCondition} */ condition, /** @type {string} */ code, /** @type {Catalog} */ catalog) {
  const allowed = operatorsFor(code, catalog);
  /** @type {FormCondition} */
  const changed = { ...condition, attribute: code, operator: allowed.includes(condition.operator) ? condition.operator : (allowed[0] ?? '=='), text: '' };
  return changed;
}

/** A condition after a new operator: going from a list to one value keeps the first item. */
export function withOperator(/** @type {FormCondition} */ condition, /** @type {string} */ operator) {
  const single = listOperators.includes(condition.operator) && !listOperators.includes(operator);
  /** @type {FormCondition} */
  const changed = { ...condition, operator, text: single ? (condition.text.split(',')[0] ?? '').trim() : condition.text };
  return changed;
}
