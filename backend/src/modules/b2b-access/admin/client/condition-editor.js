/**
 * The rule editor's condition-tree editor (progressive: without this script the JSON field alone
 * works). It edits the form model of condition-model.js and writes the tree back into the JSON field,
 * which the form posts, and asks the admin how many products the tree matches as it changes.
 * Elements are built with textContent and properties only (never HTML from data).
 */
import { emptyGroup, newCondition, operatorsFor, attributeOf, listOperators, parseField, toTree, updateAt, withAttribute, withOperator } from './condition-model.js';

const field = document.querySelector('textarea[data-condition-tree]');
const mount = document.getElementById('condition-editor');
const catalogData = document.getElementById('condition-catalog');
const countOutput = document.getElementById('match-count');

const legacyFields = ['legacy.categoryIds', 'legacy.productIds'];
const operatorLabels = { '==': 'is', '!=': 'is not', '>=': 'is at least', '>': 'is more than', '<=': 'is at most', '<': 'is less than', '{}': 'contains', '!{}': 'does not contain', '()': 'is one of', '!()': 'is not one of' };

function element(tag, properties = {}, children = []) {
  const node = document.createElement(tag);
  Object.assign(node, properties);
  for (const child of children) node.append(child);
  return node;
}

function select(label, options, value, onChange, multiple = false) {
  const chosen = multiple ? value.split(',').map((item) => item.trim()) : [value];
  const control = element('select', { multiple }, options.map(([optionValue, text]) => element('option', { value: optionValue, textContent: text, selected: chosen.includes(optionValue) })));
  control.setAttribute('aria-label', label);
  control.addEventListener('change', () => onChange(multiple ? [...control.selectedOptions].map((option) => option.value).join(', ') : control.value));
  return control;
}

function start(catalog) {
  let model = parseField(field.value).model;
  const status = element('p', { className: 'muted' });
  // The SKU picker: suggestions as the admin types (any SKU may still be typed).
  const skuList = element('datalist', { id: 'sku-options' });
  let timer;
  let skuTimer;

  function suggestSkus(text) {
    clearTimeout(skuTimer);
    skuTimer = setTimeout(async () => {
      const response = await fetch(`${field.dataset.skuUrl}?${new URLSearchParams({ q: text })}`, { headers: { accept: 'application/json' } });
      // No suggestions is harmless here: the field still takes any SKU typed, and saving validates.
      if (!response.ok) return;
      skuList.replaceChildren(...(await response.json()).map((product) => element('option', { value: product.sku, label: product.name })));
    }, 200);
  }

  function commit(next) {
    model = next;
    field.value = model ? JSON.stringify(toTree(model, catalog), null, 2) : '';
    render();
    preview();
  }

  const change = (path, update) => commit(updateAt(model, path, update));

  function valueControl(condition, path) {
    const attribute = attributeOf(condition.attribute, catalog);
    const setText = (text) => change(path, (node) => ({ ...node, text }));
    const list = listOperators.includes(condition.operator);
    const options = attribute?.type === 'boolean' ? [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] : attribute?.options;
    if (options) return select('Value', options.map((option) => [String(option.value), option.label]), condition.text, setText, list);
    const input = element('input', { value: condition.text, placeholder: list ? 'comma-separated' : '' });
    input.setAttribute('aria-label', 'Value');
    input.addEventListener('change', () => setText(input.value));
    if (attribute?.type === 'sku' && !list) {
      input.setAttribute('list', skuList.id);
      input.addEventListener('input', () => suggestSkus(input.value));
    }
    return input;
  }

  function conditionRow(condition, path) {
    const attributes = catalog.attributes.map((attribute) => [attribute.code, attribute.label]);
    // A stored code no product carries any more stays visible (and saving reports it) instead of silently becoming another.
    if (!attributeOf(condition.attribute, catalog)) attributes.unshift([condition.attribute, `${condition.attribute} (unknown)`]);
    const operators = operatorsFor(condition.attribute, catalog).map((operator) => [operator, operatorLabels[operator] ?? operator]);
    const remove = element('button', { type: 'button', textContent: 'Remove' });
    remove.addEventListener('click', () => change(path, () => null));
    return element('li', { className: 'condition' }, [
      select('Attribute', attributes, condition.attribute, (code) => change(path, (node) => withAttribute(node, code, catalog))),
      ' ',
      select('Operator', operators, condition.operator, (operator) => change(path, (node) => withOperator(node, operator))),
      ' ',
      valueControl(condition, path),
      ' ',
      remove,
    ]);
  }

  function groupBox(group, path) {
    const button = (text, onClick) => {
      const node = element('button', { type: 'button', textContent: text });
      node.addEventListener('click', onClick);
      return node;
    };
    const append = (child) => change(path, (node) => ({ ...node, children: [...node.children, child] }));
    const children = group.children.map((child, index) => (child.kind === 'group' ? element('li', {}, [groupBox(child, [...path, index])]) : conditionRow(child, [...path, index])));
    const controls = [button('Add condition', () => append(newCondition(catalog))), ' ', button('Add group', () => append(emptyGroup()))];
    if (path.length > 0) controls.push(' ', button('Remove group', () => change(path, () => null)));
    else controls.push(' ', button('Remove all conditions', () => commit(null)));
    return element('fieldset', { className: 'condition-group' }, [
      element('legend', {}, [
        'If ',
        select('Aggregator', [['all', 'all'], ['any', 'any']], group.aggregator, (aggregator) => change(path, (node) => ({ ...node, aggregator }))),
        ' of these conditions are ',
        select('Expected', [['true', 'true'], ['false', 'false']], group.value, (value) => change(path, (node) => ({ ...node, value }))),
      ]),
      element('ul', {}, children),
      ...controls,
    ]);
  }

  function render() {
    mount.replaceChildren();
    if (model) {
      mount.append(groupBox(model, []));
    } else {
      const add = element('button', { type: 'button', textContent: 'Add conditions' });
      add.addEventListener('click', () => commit({ ...emptyGroup(), children: [newCondition(catalog)] }));
      mount.append(element('p', { textContent: 'No conditions: every product in the rule’s scope matches (or the legacy lists below, when set). ' }, [add]));
    }
    mount.append(status, skuList);
  }

  async function preview() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const posted = new FormData(field.form);
      const body = new URLSearchParams({ _csrf: posted.get('_csrf'), conditions: field.value });
      for (const name of legacyFields) for (const value of posted.getAll(name)) body.append(name, value);
      countOutput.textContent = 'Counting…';
      try {
        const response = await fetch(field.dataset.previewUrl, { method: 'POST', body, headers: { accept: 'application/json' } });
        const answer = await response.json();
        countOutput.textContent = response.ok ? `Matches ${answer.count} product${answer.count === 1 ? '' : 's'}${answer.sample.length ? ` (e.g. ${answer.sample.map((p) => p.sku).join(', ')})` : ''}.` : answer.message;
      } catch (error) {
        countOutput.textContent = `Could not count the matching products: ${error.message}`;
      }
    }, 250);
  }

  // Typing JSON by hand still works: the editor follows it when it is a tree it can show.
  field.addEventListener('input', () => {
    const parsed = parseField(field.value);
    status.textContent = parsed.error ? `The JSON below is not a tree the editor can show: ${parsed.error}` : '';
    if (!parsed.error) model = parsed.model;
    render();
    preview();
  });
  field.form.addEventListener('change', (event) => {
    if (legacyFields.includes(event.target.name)) preview();
  });

  const first = parseField(field.value);
  status.textContent = first.error ? `The stored tree is not one the editor can show: ${first.error}. Fix it in the JSON field.` : '';
  mount.hidden = false;
  render();
  preview();
}

if (field && mount && catalogData && countOutput) start(JSON.parse(catalogData.textContent));
