/** What the form markup (components/CustomForm.astro) decides per field, kept out of the template. */
import type { FormField } from '../../../contracts/custom-form.ts';

/** The storefront's no-JavaScript submit route (DECISIONS.md 36). */
export const FORM_ENDPOINT = '/customforms/form/submit';

export type FieldControl = 'input' | 'textarea' | 'select' | 'checkbox' | 'radio' | 'hidden';

export function fieldControl(field: Pick<FormField, 'type'>): FieldControl {
  switch (field.type) {
    case 'textarea':
    case 'select':
    case 'checkbox':
    case 'radio':
    case 'hidden':
      return field.type;
    default:
      return 'input';
  }
}

/** A stable element id per form and field (two forms on a page never share one). */
export function fieldId(formCode: string, key: string): string {
  return `form-${formCode}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The `type` of an `<input>` field (the other types have their own controls). */
export function inputType(field: Pick<FormField, 'type'>): 'text' | 'email' | 'tel' | 'number' | 'date' | 'url' {
  switch (field.type) {
    case 'email':
    case 'tel':
    case 'number':
    case 'date':
    case 'url':
      return field.type;
    default:
      return 'text';
  }
}
