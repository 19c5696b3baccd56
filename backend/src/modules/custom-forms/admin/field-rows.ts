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

/** A row as the API's field body (validated by the form schema afterwards). */
function fieldOf(row: FieldRow): Record<string, unknown> {
  const options = row.options
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, label] = line.split('|').map((part) => part.trim());
      return { value: value!, label: label || value! };
    });
  return {
    key: row.key,
    label: row.label,
    type: row.type,
    required: row.required,
    ...(options.length > 0 ? { options } : {}),
    ...(row.placeholder ? { placeholder: row.placeholder } : {}),
    ...(row.help ? { help: row.help } : {}),
    ...(row.maxLength ? { maxLength: Number(row.maxLength) } : {}),
  };
}

/** The fields a posted builder describes. */
export function fieldsFromForm(form: Record<string, string>): Record<string, unknown>[] {
  return rowsFromForm(form).map(fieldOf);
}
