/** The price list's own fields (code, name, store views) as a form, and the posted form as the API's patch. */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { Option } from '../../../platform/admin/config-pickers.ts';
import { checkboxField, fieldRow, fieldset, textField } from '../../../platform/admin/fields.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { PriceListInput, type PriceListView } from '../routes/wire.ts';
import { parseForm } from '../../../platform/admin/form-input.ts';

export interface ListFormValues {
  code: string;
  name: string;
  /** Empty: every store view. */
  storeCodes: string[];
}

export const valuesOfList = (list?: PriceListView): ListFormValues => ({ code: list?.code ?? '', name: list?.name ?? '', storeCodes: list?.storeCodes ?? [] });

/** Store views are checkboxes named `storeCodes.<code>` (one value per name, as admin forms post). */
export const postedList = (form: Record<string, string>): ListFormValues => ({
  code: form.code ?? '',
  name: form.name ?? '',
  storeCodes: Object.keys(form).flatMap((key) => /^storeCodes\.(.+)$/.exec(key)?.[1] ?? []),
});

/** The page's part of the API's list: its own fields (items have their own forms). */
const ListForm = PriceListInput.pick({ code: true, name: true, storeCodes: true });

/**
 * The posted form as the API's list fields, read and validated by the API's schema (formInput), or its
 * messages by field (a store view's beside the store views). The ticked boxes are the list of codes
 * (none ticked: every store view).
 */
export function listFromForm(form: Record<string, string>): { data: { code: string; name: string; storeCodes: string[] | null } } | { errors: Record<string, string> } {
  return parseForm(ListForm, { code: form.code ?? '', name: form.name ?? '', storeCodes: postedList(form).storeCodes });
}

export function listForm(c: Context<AdminEnv>, action: string, values: ListFormValues, stores: Option[], errors: Record<string, string>, etag?: string) {
  return html`<form method="post" action="${action}" class="price-list-form">
    ${csrfField(c.var.csrfToken)}${etag ? html`<input type="hidden" name="_etag" value="${etag}" />` : ''}
    ${fieldRow(textField({ name: 'code', id: 'list-code', label: 'Code', value: values.code, help: 'Letters, digits, "-" and "_"; unique. Product records name the list by it.', error: errors.code }))}
    ${fieldRow(textField({ name: 'name', id: 'list-name', label: 'Name', value: values.name, error: errors.name }))}
    ${fieldset(
      'Store views',
      html`<p class="muted">Tick none for every store view. A list's prices are in the currency of the views it applies in.</p>`,
      stores.map((store) => fieldRow(checkboxField({ name: `storeCodes.${store.value}`, id: `list-store-${store.value}`, label: store.label, checked: values.storeCodes.includes(store.value) }))),
      errors.storeCodes ? html`<strong class="error" role="alert">${errors.storeCodes}</strong>` : '',
    )}
    <p><button type="submit">Save price list</button></p>
  </form>`;
}
