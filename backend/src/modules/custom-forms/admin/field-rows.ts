/**
 * The form builder's field rows as flat form fields (`fields.0.key`, `fields.0.type`…), so the
 * builder works without JavaScript: each row has a position to reorder by and a remove box, and one
 * blank row adds a field. Options are one per line, `value|label` (or just a value).
 */
import type { FormField } from '../../../../../contracts/custom-form.ts';

export interface FieldRow {
  key: string;
  label: string;
  type: string;
  required: boolean;
  options: string;
  placeholder: string;
  help: string;
  maxLength: string;
  position: number;
}

export function rowsOf(fields: readonly FormField[]): FieldRow[] {
  return fields.map((field, index) => ({
    key: field.key,
    label: field.label,
    type: field.type,
    required: field.required,
    options: (field.options ?? []).map((option) => (option.value === option.label ? option.value : `${option.value}|${option.label}`)).join('\n'),
    placeholder: field.placeholder ?? '',
    help: field.help ?? '',
    maxLength: field.maxLength ? String(field.maxLength) : '',
    position: (index + 1) * 10,
  }));
}

/** The rows a posted builder holds, in position order; rows marked removed or left blank are dropped. */
export function rowsFromForm(form: Record<string, string>): FieldRow[] {
  const indexes = [...new Set(Object.keys(form).flatMap((name) => /^fields\.(\d+)\./.exec(name)?.[1] ?? []))].map(Number);
  return indexes
    .map((index) => {
      const get = (name: string) => (form[`fields.${index}.${name}`] ?? '').trim();
      return { index, remove: get('remove') === 'on', row: {
        key: get('key'),
        label: get('label'),
        type: get('type'),
        required: get('required') === 'on',
        options: get('options'),
        placeholder: get('placeholder'),
        help: get('help'),
        maxLength: get('maxLength'),
        position: Number(get('position')) || index * 10,
      } };
    })
    .filter(({ remove, row }) => !remove && (row.key !== '' || row.label !== ''))
    .sort((a, b) => a.row.position - b.row.position || a.index - b.index)
    .map(({ row }) => row);
}

/**
 * The rows a posted builder holds as the API's `fields` in the shape formInput reads: in position
 * order, removed and blank rows dropped (rowsFromForm), numbered in that order, options as rows of
 * their own (formInput and the schema turn the texts into the field body: blank is unset, a box is a boolean).
 */
export function fieldRowsForm(form: Record<string, string>): Record<string, string> {
  const shaped: Record<string, string> = {};
  rowsFromForm(form).forEach((row, index) => {
    const at = `fields.${index}`;
    Object.assign(shaped, { [`${at}.key`]: row.key, [`${at}.label`]: row.label, [`${at}.type`]: row.type, [`${at}.placeholder`]: row.placeholder, [`${at}.help`]: row.help, [`${at}.maxLength`]: row.maxLength });
    if (row.required) shaped[`${at}.required`] = 'on';
    optionsOf(row.options).forEach((option, n) => Object.assign(shaped, { [`${at}.options.${n}.value`]: option.value, [`${at}.options.${n}.label`]: option.label }));
  });
  return shaped;
}

/** A row's options, one per line: `value|label`, or a value that is its own label. */
function optionsOf(text: string): { value: string; label: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, label] = line.split('|').map((part) => part.trim());
      return { value: value!, label: label || value! };
    });
}
