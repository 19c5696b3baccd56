import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseForm } from '../../../platform/admin/form-input.ts';
import { FormBody } from '../forms/schema.ts';
import { fieldRowsForm, rowsOf } from './field-rows.ts';

/** The fields a posted builder describes, read by the API's schema as the builder page reads them. */
const fieldsFromForm = (form: Record<string, string>) => {
  const read = parseForm(z.object({ fields: FormBody.shape.fields }), fieldRowsForm(form));
  return read.data?.fields ?? read;
};

describe('form builder rows', () => {
  it('reads rows in position order, drops removed and blank rows, parses options', () => {
    const fields = fieldsFromForm({
      'fields.0.key': 'email', 'fields.0.label': 'Email', 'fields.0.type': 'email', 'fields.0.required': 'on', 'fields.0.position': '20',
      'fields.1.key': 'topic', 'fields.1.label': 'Topic', 'fields.1.type': 'select', 'fields.1.options': 'order|An order\r\nother', 'fields.1.position': '10',
      'fields.2.key': 'old', 'fields.2.label': 'Old', 'fields.2.type': 'text', 'fields.2.remove': 'on',
      'fields.3.key': '', 'fields.3.label': '', 'fields.3.type': 'text',
      'fields.4.key': 'notes', 'fields.4.label': 'Notes', 'fields.4.type': 'textarea', 'fields.4.maxLength': '500', 'fields.4.position': '30',
    });
    expect(fields).toEqual([
      { key: 'topic', label: 'Topic', type: 'select', required: false, options: [{ value: 'order', label: 'An order' }, { value: 'other', label: 'other' }] },
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'notes', label: 'Notes', type: 'textarea', required: false, maxLength: 500 },
    ]);
  });

  it('round-trips a form through its rows', () => {
    const fields = [{ key: 'topic', label: 'Topic', type: 'radio' as const, required: true, options: [{ value: 'a', label: 'A' }], help: 'Pick one' }];
    const form = Object.fromEntries(
      rowsOf(fields).flatMap((row, index) => Object.entries(row).map(([name, value]) => [`fields.${index}.${name}`, value === true ? 'on' : value === false ? '' : String(value)])),
    );
    expect(fieldsFromForm(form)).toEqual(fields);
  });
});
