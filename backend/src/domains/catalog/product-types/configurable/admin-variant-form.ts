/**
 * A configurable's page: the "Add a variant" form (SKU, a price in each store view's currency,
 * stock, a value of each of the product's attributes) and each variant's Remove, through the
 * variants service (product-types/configurable/variants.ts). A refused variant shows its errors by
 * field with everything typed kept.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import type { AdminStoreView } from '../../../../platform/admin/store-views.ts';
import { AppError, refusedFields } from '../../../../platform/errors.ts';
import { addVariant, removeVariant, VariantInput } from './variants.ts';
import { configurableAttributeLabels } from './attributes.ts';
import { typedViewPrices, viewPriceField, viewPriceLabels } from '../../products/admin/view-prices.ts';

export type Typed = Record<string, string>;

export interface VariantFormState {
  typed: Typed;
  errors: Record<string, string>;
  error?: string;
}

const labelOf = (code: string) => configurableAttributeLabels[code as keyof typeof configurableAttributeLabels] ?? code;

export function addVariantForm(c: Context<AdminEnv>, id: number, codes: readonly string[], views: readonly AdminStoreView[], state: VariantFormState = { typed: {}, errors: {} }) {
  const { typed, errors } = state;
  const problem = (name: string) => (errors[name] ? html`<strong class="error" id="variant-${name}-error" role="alert">${errors[name]}</strong>` : '');
  const described = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="variant-${name}-error"` : '');
  const input = (name: string, label: string, type = 'text') =>
    html`<label>${label} <input name="${name}" value="${typed[name] ?? ''}" ${type === 'number' ? html`type="number" min="0" step="${name === 'stockQty' ? '1' : '0.01'}"` : ''} ${described(name)} /></label>${problem(name)}`;
  const prices = viewPriceLabels(views);
  // A refusal of a field the form does not show (a view posted that the shop lacks) is said above it.
  const fields = new Set(['sku', 'price', 'stockQty', 'attributes', ...codes.map((code) => `attributes.${code}`), ...prices.others.map((view) => viewPriceField(view.code))]);
  const elsewhere = [state.error, ...Object.entries(errors).flatMap(([name, message]) => (fields.has(name) ? [] : [message]))].filter((message) => message !== undefined);
  return html`<h3 id="add-variant">Add a variant</h3>
    ${elsewhere.map((message) => html`<p class="error" role="alert">${message}</p>`)}
    <form method="post" action="/admin/products/${id}/variants">
      ${csrfField(c.var.csrfToken)}
      ${input('sku', 'SKU')} ${input('price', prices.home, 'number')} ${prices.others.map((view) => input(viewPriceField(view.code), view.label, 'number'))}
      ${input('stockQty', 'Stock quantity', 'number')}
      ${codes.map((code) => input(`attributes.${code}`, labelOf(code)))}${problem('attributes')}
      <button type="submit">Add variant</button>
    </form>`;
}

/** The hidden forms the grid's Remove buttons submit (a form cannot sit inside the grid's form). */
export function removeVariantForms(c: Context<AdminEnv>, id: number, variants: ReadonlyArray<{ id: number }>) {
  return variants.map((variant) => html`<form method="post" action="/admin/products/${id}/variants/${variant.id}/delete" id="remove-variant-${variant.id}">${csrfField(c.var.csrfToken)}</form>`);
}

/** The form's field a body path is typed in: a view's price (`storeOverrides.au.price`) in `storePrice.au`, the rest by its name. */
function formField([head, code, ...rest]: readonly string[]): string {
  return head === 'storeOverrides' && code !== undefined ? viewPriceField(code) : [head, code, ...rest].filter((part) => part !== undefined).join('.');
}

/** Adds the posted variant; answers the form's state to show again when refused, or nothing when added. */
export async function saveNewVariant(c: Context<AdminEnv>, id: number, codes: readonly string[], typed: Typed): Promise<VariantFormState | undefined> {
  const number = (name: string) => (typed[name]?.trim() ? Number(typed[name]) : undefined);
  const parsed = VariantInput.safeParse({
    sku: typed.sku ?? '',
    price: number('price'),
    storeOverrides: typedViewPrices(typed),
    stockQty: number('stockQty'),
    attributes: Object.fromEntries(codes.map((code) => [code, typed[`attributes.${code}`] ?? ''])),
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[formField(issue.path.map(String))] ??= issue.message;
    return { typed, errors };
  }
  try {
    await addVariant({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id, parsed.data);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError) || !['invalid', 'conflict'].includes(error.kind)) throw error;
    const errors = Object.fromEntries(Object.entries(refusedFields(error)).map(([field, message]) => [formField(field.split('.')), message]));
    return Object.keys(errors).length > 0 ? { typed, errors } : { typed, errors, error: error.message };
  }
}

/** Removes a variant; answers the refusal's message (its last variant stays), or nothing when removed. */
export async function removeVariantFromPage(c: Context<AdminEnv>, id: number, variantId: number): Promise<string | undefined> {
  try {
    await removeVariant({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id, variantId);
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') return error.message;
    throw error;
  }
}
