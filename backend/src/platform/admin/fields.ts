/**
 * The admin's field kit: one control each (text, number, money, select, checkbox, textarea), a
 * fieldset, and the help and error line beside a field, so every form labels, describes and marks
 * an invalid field the same way (the error is announced: role="alert"; the field points at its help
 * with aria-describedby and says aria-invalid).
 *
 * Written with hono/jsx's `jsx()` rather than JSX syntax: the backend runs its TypeScript as written
 * (`node src/server.ts`, Node's type stripping), which reads no JSX, and a build step for a few
 * templates would cost more than the angle brackets save. The nodes escape what they are given, and
 * go into hono/html templates (and take theirs) as they are.
 */
import { Fragment, jsx } from 'hono/jsx';
import type { HtmlEscapedString } from 'hono/utils/html';

/** What a field's node takes as children: text (escaped), markup already escaped, nodes, nothing. */
export type Child = string | number | HtmlEscapedString | Promise<HtmlEscapedString> | ReturnType<typeof jsx> | null | undefined | false | Child[];
export type Node = ReturnType<typeof jsx>;

const h = (tag: string, props: Record<string, unknown>, ...children: Child[]): Node => jsx(tag, props, ...(children as never[]));
/** Siblings without a wrapper. */
const group = (...children: Child[]): Node => jsx(Fragment, {}, ...(children as never[]));

export interface FieldBase {
  name: string;
  /** The control's id (its label's `for`); the help line's is `${id}-help`. */
  id: string;
  label: string;
  help?: string;
  /** The message of a refused post, beside the field. */
  error?: string;
}

/** What a described control carries: its help line, and whether it was refused. */
const described = (field: FieldBase) => ({ 'aria-describedby': `${field.id}-help`, 'aria-invalid': field.error ? 'true' : undefined });

/** The help line under a field, and its error after it. */
export function fieldHelp(field: Pick<FieldBase, 'id' | 'help' | 'error'>): Node {
  return group(h('span', { class: 'muted', id: `${field.id}-help` }, field.help ?? ''), field.error ? [' ', h('strong', { class: 'error', role: 'alert' }, field.error)] : null);
}

const labelFor = (field: FieldBase) => h('label', { for: field.id }, field.label);

/** A one-line text field (`type`: text, or an input type of text: datetime-local, email, url). */
export function textField(field: FieldBase & { value: string; type?: string }): Node {
  return group(labelFor(field), h('input', { type: field.type ?? 'text', name: field.name, id: field.id, value: field.value, ...described(field) }), fieldHelp(field));
}

/** A number field; the text typed comes back as typed when refused. */
export function numberField(field: FieldBase & { value: string; min?: number; step?: number | 'any' }): Node {
  return group(labelFor(field), h('input', { type: 'number', name: field.name, id: field.id, value: field.value, min: field.min, step: field.step, ...described(field) }), fieldHelp(field));
}

/** An amount in a currency: decimal text (a phone shows its number pad), the currency in the label. */
export function moneyField(field: FieldBase & { value: string; currency: string }): Node {
  return group(h('label', { for: field.id }, `${field.label} (${field.currency})`), h('input', { name: field.name, id: field.id, inputmode: 'decimal', value: field.value, ...described(field) }), fieldHelp(field));
}

export interface Choice {
  value: string | number;
  label: string;
}

/** A select; `blank` is a first choice posting '' (formInput reads it as null or unset, as the schema allows). */
export function selectField(field: FieldBase & { value: string; choices: Choice[]; blank?: string }): Node {
  return group(
    labelFor(field),
    h(
      'select',
      { name: field.name, id: field.id, ...described(field) },
      field.blank !== undefined ? h('option', { value: '' }, field.blank) : null,
      field.choices.map((choice) => h('option', { value: String(choice.value), selected: String(choice.value) === field.value }, choice.label)),
    ),
    fieldHelp(field),
  );
}

/** A checkbox inside its label (the label's text after it). */
export function checkboxField(field: FieldBase & { checked: boolean }): Node {
  return group(h('label', {}, h('input', { type: 'checkbox', name: field.name, id: field.id, checked: field.checked, ...described(field) }), ' ', field.label), fieldHelp(field));
}

/** A text area; `richText` puts the admin's editor over it (client/admin.js), `after` sits between it and its help (snippet buttons). */
export function textareaField(field: FieldBase & { value: string; rows: number; richText?: boolean; after?: Child }): Node {
  return group(
    labelFor(field),
    h('textarea', { name: field.name, id: field.id, rows: field.rows, 'data-rich-text': field.richText ? '' : undefined, ...described(field) }, field.value),
    field.after ?? null,
    fieldHelp(field),
  );
}

/** Fields under a legend. */
export function fieldset(legend: string, ...children: Child[]): Node {
  return h('fieldset', {}, h('legend', {}, legend), ...children);
}

/** A field's wrapper in a form's column of fields. */
export const fieldRow = (...children: Child[]): Node => h('div', { class: 'field' }, ...children);

/** A bare control, for a label that wraps it (`wrappedField`); undefined and false attributes are left out. */
export const control = (tag: 'input' | 'textarea' | 'select', attributes: Record<string, string | number | boolean | undefined>, ...children: Child[]): Node => h(tag, attributes, ...children);

/** A select's options, the one whose value is `value` selected. */
export const options = (choices: Choice[], value: string | number | undefined): Node[] =>
  choices.map((choice) => h('option', { value: String(choice.value), selected: value !== undefined && String(choice.value) === String(value) }, choice.label));

/**
 * A control inside its label (the short forms of a record's page: a note, a reason, an amount), its
 * error after the label with an id the control points at (`aria-describedby`).
 */
export function wrappedField(label: string, input: Node, error?: { id: string; message: string }): Node {
  return group(h('label', {}, label, ' ', input), error ? [' ', h('strong', { class: 'error', id: error.id, role: 'alert' }, error.message)] : null);
}
