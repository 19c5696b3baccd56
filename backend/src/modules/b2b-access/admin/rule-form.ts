import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { categoryTreePicker, pickerOptions, type Option } from '../../../platform/admin/config-pickers.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { AppError } from '../../../platform/errors.ts';
import { OPERATORS_BY_TYPE, productAttributeCatalog } from '../rules/attributes.ts';
import type { AccessContext } from '../context.ts';
import type { RuleInput } from '../rules/schema.ts';
import { adminBase, assetPath } from './paths.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
export type Posted = Record<string, string | string[]>;

/** What the form shows: a stored rule, or what was posted (with the problem the service found). */
export interface RuleFormState {
  action: string;
  rule: Partial<RuleInput>;
  /** The condition tree's JSON as the admin typed it (kept when it does not parse). */
  conditionsText: string;
  error?: AppError;
}

const all = (form: Posted, name: string) => ([] as string[]).concat(form[name] ?? []).filter((value) => value !== '');
const last = (form: Posted, name: string) => ([] as string[]).concat(form[name] ?? []).at(-1) ?? '';
/** Ids typed as a list ("3, 4 5"); a word that is not a number stays NaN and the service names its position. */
const idList = (text: string) => text.split(/[\s,]+/).filter(Boolean).map(Number);

/** The tree's JSON field: blank is no tree; JSON that does not parse is refused here, naming the field. */
export function conditionsOf(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('invalid', 'invalid_field', `conditions: not valid JSON (${error instanceof Error ? error.message : String(error)}).`, { field: 'conditions' });
  }
}

export const legacyOf = (form: Posted) => ({ categoryIds: all(form, 'legacy.categoryIds').flatMap(idList), productIds: idList(last(form, 'legacy.productIds')) });

/** The posted form as the rule the API takes; the service validates it (one place, one set of messages). */
export function ruleFromForm(form: Posted): Record<string, unknown> {
  const flag = (name: string) => last(form, name) === 'true';
  const priority = last(form, 'priority').trim();
  return {
    name: last(form, 'name'),
    isActive: flag('isActive'),
    ...(priority === '' ? {} : { priority: Number(priority) }),
    scope: { customerGroupIds: all(form, 'scope.customerGroupIds').map(Number), storeCodes: all(form, 'scope.storeCodes'), countries: all(form, 'scope.countries') },
    conditions: conditionsOf(last(form, 'conditions')),
    legacy: legacyOf(form),
    actions: {
      hideFromListings: flag('actions.hideFromListings'),
      hidePrice: flag('actions.hidePrice'),
      blockPurchase: flag('actions.blockPurchase'),
      redirectToCmsPage: last(form, 'actions.redirectToCmsPage') || null,
    },
    enforcement: last(form, 'enforcement'),
    hiddenPriceMessage: last(form, 'hiddenPriceMessage').trim() || null,
  };
}

/** The message of the service's error when it names this field or something inside it. */
function problemAt(state: RuleFormState, name: string): Html | '' {
  const field = (state.error?.details as { field?: string } | undefined)?.field;
  if (field === undefined || !(field === name || field.startsWith(`${name}.`))) return '';
  return html` <strong class="error" role="alert" data-field="${field}">${state.error?.message}</strong>`;
}

const checkbox = (name: string, label: string, on: boolean | undefined) =>
  html`<label><input type="hidden" name="${name}" value="false" /><input type="checkbox" name="${name}" value="true" ${on ? 'checked' : ''} style="min-width:0" /> ${label}</label>`;

function multiSelect(name: string, label: string, options: Option[], chosen: string[], help: string) {
  return html`<label>${label} <select multiple name="${name}" size="${Math.min(6, Math.max(3, options.length))}">
      ${options.map((o) => html`<option value="${o.value}" ${chosen.includes(o.value) ? 'selected' : ''}>${o.label}</option>`)}
    </select></label><span class="muted">${help}</span>`;
}

/** JSON for a `<script type="application/json">` block: "<" escaped so no text can close the element. */
const jsonBlock = (value: unknown) => raw(JSON.stringify(value).replace(/</g, '\\u003c'));

/** The rule editor's form; without JavaScript the condition tree is edited as JSON. */
export async function ruleForm(c: Context<AdminEnv>, ctx: AccessContext, state: RuleFormState): Promise<HtmlEscapedString> {
  const db = c.var.db;
  const rule = state.rule;
  const [groups, storeOptions, countryOptions, pages, attributes] = await Promise.all([
    pickerOptions(db, 'customerGroups'),
    pickerOptions(db, 'stores'),
    pickerOptions(db, 'countries'),
    pickerOptions(db, 'cmsPages'),
    productAttributeCatalog(ctx),
  ]);
  const scope = rule.scope ?? { customerGroupIds: [], storeCodes: [], countries: [] };
  const actions = rule.actions ?? { hideFromListings: false, hidePrice: false, blockPurchase: false, redirectToCmsPage: null };
  const legacy = rule.legacy ?? { categoryIds: [], productIds: [] };
  return await html`<form method="post" action="${state.action}" class="rule-form">
    ${csrfField(c.var.csrfToken)}
    <label>Name <input name="name" value="${rule.name ?? ''}" required maxlength="200" /></label>${problemAt(state, 'name')}
    ${checkbox('isActive', 'Active', rule.isActive ?? true)}
    <label>Priority <input type="number" name="priority" step="1" min="0" value="${rule.priority ?? ''}" /></label><span class="muted">Lowest first; the first rule that fires decides.</span>${problemAt(state, 'priority')}
    <fieldset><legend>Activation scope</legend><p class="muted">Every dimension must match; an empty one matches anything.</p>
      ${multiSelect('scope.customerGroupIds', 'Customer groups', groups, (scope.customerGroupIds ?? []).map(String), 'NOT LOGGED IN means guests.')}${problemAt(state, 'scope.customerGroupIds')}
      ${multiSelect('scope.storeCodes', 'Stores', storeOptions, scope.storeCodes ?? [], '')}${problemAt(state, 'scope.storeCodes')}
      ${multiSelect('scope.countries', 'Destination countries', countryOptions, scope.countries ?? [], 'Unknown until the shopper gives an address; checkout checks again.')}${problemAt(state, 'scope.countries')}
    </fieldset>
    <fieldset><legend>Product matching</legend>
      <div id="condition-editor" hidden></div>
      <label>Condition tree (JSON) <textarea name="conditions" rows="10" data-condition-tree data-preview-url="${adminBase}/rules/preview-matches" data-sku-url="${adminBase}/rules/sku-options">${state.conditionsText}</textarea></label>
      <span class="muted">Blank: every product in scope (or the legacy lists below).</span>${problemAt(state, 'conditions')}
      <p><output id="match-count" aria-live="polite"></output></p>
      <details ${legacy.categoryIds.length + legacy.productIds.length > 0 ? 'open' : ''}><summary>Legacy lists (used only when there is no tree)</summary>
        <fieldset><legend>Categories</legend>${await categoryTreePicker(db, 'legacy.categoryIds', legacy.categoryIds.map(String), html``)}</fieldset>${problemAt(state, 'legacy.categoryIds')}
        <label>Product ids <input name="legacy.productIds" value="${legacy.productIds.join(', ')}" /></label>${problemAt(state, 'legacy.productIds')}
      </details>
      <script type="application/json" id="condition-catalog">${jsonBlock({ attributes, operatorsByType: OPERATORS_BY_TYPE })}</script>
      <script type="module" src="${assetPath('condition-editor.js')}"></script>
    </fieldset>
    <fieldset><legend>Actions</legend>
      ${checkbox('actions.hideFromListings', 'Hide from listings and search', actions.hideFromListings)}
      ${checkbox('actions.hidePrice', 'Hide price', actions.hidePrice)}
      ${checkbox('actions.blockPurchase', 'Block purchase', actions.blockPurchase)}
      <p class="muted">A hidden price also blocks the purchase (the cart would show it); Block purchase refuses products whose price is shown.</p>
      <label>Redirect the product page to <select name="actions.redirectToCmsPage"><option value="">(no redirect)</option>
        ${pages.map((p) => html`<option value="${p.value}" ${p.value === actions.redirectToCmsPage ? 'selected' : ''}>${p.label}</option>`)}</select></label>${problemAt(state, 'actions')}
    </fieldset>
    <label>Enforcement <select name="enforcement">
      ${(['both', 'visibility', 'checkout'] as const).map((e) => html`<option ${e === (rule.enforcement ?? 'both') ? 'selected' : ''}>${e}</option>`)}</select></label>
    <span class="muted">Visibility: listings, price and redirect. Checkout: purchase blocking.</span>${problemAt(state, 'enforcement')}
    <label>Hidden-price message <input name="hiddenPriceMessage" value="${rule.hiddenPriceMessage ?? ''}" maxlength="500" /></label>
    <span class="muted">Blank: the store's message from the configuration.</span>${problemAt(state, 'hiddenPriceMessage')}
    <p><button type="submit">Save rule</button></p>
  </form>`;
}
