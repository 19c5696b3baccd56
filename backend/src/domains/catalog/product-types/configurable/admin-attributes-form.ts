/**
 * A configurable's page: its Attributes section — the attributes in the order shoppers choose them,
 * each with Move up, Move down and Remove, and a form adding one with a value for every variant (one
 * for all, or one per variant). Each form carries the version the page was loaded at and goes
 * through the attributes service (product-types/configurable/attribute-changes.ts), so a stale page is refused
 * rather than overwriting a newer change; refusals show next to their field, the typing kept.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { AppError, refusedFields } from '../../../../platform/errors.ts';
import { getAdminProduct, productEtag, type AdminProduct } from '../../products/service.ts';
import { changeConfigurableAttributes, ConfigurableAttributesChange } from './attribute-changes.ts';
import { configurableAttributeLabels } from './attributes.ts';

export interface AttributesFormState {
  typed: Record<string, string>;
  errors: Record<string, string>;
  error?: string;
}

const labelOf = (code: string) => configurableAttributeLabels[code as keyof typeof configurableAttributeLabels] ?? code;

export function attributesSection(c: Context<AdminEnv>, product: AdminProduct, state: AttributesFormState = { typed: {}, errors: {} }) {
  const { typed, errors } = state;
  const codes = product.configurableAttributes ?? [];
  const addable = Object.keys(configurableAttributeLabels).filter((code) => !codes.includes(code));
  const problem = (name: string) => (errors[name] ? html`<strong class="error" id="attributes-${name}-error" role="alert">${errors[name]}</strong>` : '');
  const described = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="attributes-${name}-error"` : '');
  const hidden = html`${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${productEtag(product)}" />`;
  const action = `/admin/products/${product.id}/attributes`;
  return html`<h2 id="attributes">Attributes</h2>
    <p class="muted">Shoppers choose in this order. Removing one keeps the variants' other values, and they must still all differ.</p>
    ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
    <ol class="attributes">
      ${codes.map((code, index) => {
        const button = (value: string, label: string, name: string) => html`<button type="submit" name="action" value="${value}" aria-label="${name}">${label}</button>`;
        return html`<li>
          <strong>${labelOf(code)}</strong>
          <form method="post" action="${action}" class="inline">
            ${hidden}<input type="hidden" name="code" value="${code}" />
            ${index > 0 ? button('up', 'Move up', `Move up: ${labelOf(code)}`) : ''} ${index < codes.length - 1 ? button('down', 'Move down', `Move down: ${labelOf(code)}`) : ''}
            ${codes.length > 1 ? html`<button type="submit" name="action" value="remove" class="danger" aria-label="Remove attribute ${labelOf(code)}">Remove</button>` : ''}
          </form>
          ${problem(`attribute.${code}`)}
        </li>`;
      })}
    </ol>
    ${addable.length === 0
      ? html`<p class="muted">It varies by every attribute the catalog has.</p>`
      : html`<h3 id="add-attribute">Add an attribute</h3>
          <form method="post" action="${action}" data-unsaved-warning>
            ${hidden}
            <label>Attribute <select name="code" ${described('code')}>
              ${addable.map((code) => html`<option value="${code}" ${typed.code === code ? 'selected' : ''}>${labelOf(code)}</option>`)}
            </select></label>${problem('code')}
            <label>Value for every variant (e.g. "One size") <input name="default" value="${typed.default ?? ''}" maxlength="64" ${described('default')} /></label>${problem('default')}
            <fieldset><legend>Or each variant's own (blank: the value above)</legend>
              ${(product.variants ?? []).map(
                (variant) =>
                  html`<label>${variant.sku} (${Object.values(variant.attributes).join(' / ')}) <input name="variant.${variant.id}" value="${typed[`variant.${variant.id}`] ?? ''}" maxlength="64" ${described(`variant.${variant.id}`)} /></label>${problem(`variant.${variant.id}`)}`,
              )}
            </fieldset>
            <button type="submit" name="action" value="add">Add attribute</button>
          </form>`}`;
}

/** The attributes the posted form asks for: the list moved, one removed, or one added with its values. */
function requestOf(codes: readonly string[], typed: Record<string, string>) {
  const code = typed.code?.trim() ?? '';
  const at = codes.indexOf(code);
  if (typed.action === 'add') {
    const byVariant = Object.fromEntries(Object.entries(typed).flatMap(([name, value]) => (name.startsWith('variant.') && value.trim() !== '' ? [[name.slice('variant.'.length), value]] : [])));
    const given = { ...(typed.default?.trim() ? { default: typed.default } : {}), ...(Object.keys(byVariant).length > 0 ? { byVariant } : {}) };
    return { attributes: [...codes, code], values: { [code]: given } };
  }
  const order = [...codes];
  if (typed.action === 'remove' && at >= 0) order.splice(at, 1);
  const swap = typed.action === 'up' ? at - 1 : typed.action === 'down' ? at + 1 : -1;
  if (at >= 0 && swap >= 0 && swap < order.length) [order[at], order[swap]] = [order[swap]!, order[at]!];
  return { attributes: order, values: {} };
}

/** The form field a refusal's path names: the add form's fields, or the attribute's row in the list. */
function formField(path: string, typed: Record<string, string>): string {
  const [head, , part, id] = path.split('.');
  if (head === 'values') return part === 'byVariant' && id ? `variant.${id}` : 'default';
  return typed.action === 'add' ? 'code' : `attribute.${typed.code ?? ''}`;
}

/** Carries out the posted form; answers its state to show again when refused, or nothing when saved. */
export async function saveAttributesFromPage(c: Context<AdminEnv>, id: number, typed: Record<string, string>): Promise<AttributesFormState | undefined> {
  const codes = (await getAdminProduct(c.var.db, id)).configurableAttributes ?? [];
  const parsed = ConfigurableAttributesChange.safeParse(requestOf(codes, typed));
  const refusal = (fields: Record<string, string>, error?: string) => {
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(fields)) errors[formField(path, typed)] ??= message;
    return { typed, errors, error: Object.keys(errors).length > 0 ? undefined : error };
  };
  if (!parsed.success) return refusal(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message])));
  try {
    await changeConfigurableAttributes({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id, parsed.data, typed._etag || undefined);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError) || !['invalid', 'conflict', 'precondition_failed'].includes(error.kind)) throw error;
    return refusal(refusedFields(error), error.message);
  }
}
