/**
 * The product's own fields, first in the product page's one form: name, SKU, status, weight, stock
 * and, for a product priced by itself, its price and special price in each store view with the
 * special price's days; for a configurable, its variants grid. Each refusal shows next to its field
 * (`aria-invalid`, `aria-describedby`), the page's message only summing them up. The form, its
 * version (`_etag`) and its one Save are product-page.ts; validation edit-data.ts; the save
 * page-save.ts and form-save.ts.
 */
import { html } from 'hono/html';
import { formatMoney } from '../../../../platform/money.ts';
import { pricedBySelf, stockedBySelf, type FieldErrors, type ProductEdit, type StorePrice } from './edit-data.ts';
import { productType } from '../../product-types/registry.ts';

export interface MainFormState {
  /** What was typed (empty: the saved values). */
  typed: Record<string, string>;
  /** The version the form was loaded at. */
  etag: string;
  errors: FieldErrors;
  /** The page's message: a summary of the errors by their fields, or why nothing could be saved. */
  error?: string;
  /** Refused for a conflict (someone else's newer change, a taken SKU): the page answers 409. */
  conflict?: boolean;
}

const money = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));

/** The form's values, its errors and their markup. */
function fieldsOf(state: MainFormState) {
  const { typed, errors } = state;
  return {
    value: (name: string, saved: string) => typed[name] ?? saved,
    problem: (name: string) => (errors[name] ? html`<strong class="error" id="${name}-error" role="alert">${errors[name]}</strong>` : ''),
    described: (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''),
  };
}
type Fields = ReturnType<typeof fieldsOf>;

/** The product's price and special price in one store view. */
function priceInputs(p: StorePrice, f: Fields) {
  const [price, special] = [`price_${p.storeId}`, `special_${p.storeId}`];
  return html`<label>Price, ${p.storeName} (${p.currency}) <input name="${price}" type="number" step="0.01" min="0" value="${f.value(price, money(p.price))}" required ${f.described(price)} /></label>${f.problem(price)}
    <label>Special price, ${p.storeName} (${p.currency}) <input name="${special}" type="number" step="0.01" min="0" value="${f.value(special, money(p.specialPrice))}" placeholder="none" ${f.described(special)} /></label>${f.problem(special)}`;
}

/** The days the special price applies, in every store view (its own time zone); blank: open on that side. */
function specialDays(edit: ProductEdit, f: Fields) {
  const [first] = edit.prices;
  return html`<fieldset><legend>Special price applies (both days included; blank: no limit)</legend>
    <label>From <input name="special_from" type="date" value="${f.value('special_from', first?.specialPriceFrom ?? '')}" ${f.described('special_from')} /></label>${f.problem('special_from')}
    <label>To <input name="special_to" type="date" value="${f.value('special_to', first?.specialPriceTo ?? '')}" ${f.described('special_to')} /></label>${f.problem('special_to')}
  </fieldset>`;
}

/**
 * A configurable's variants: each row's price and special price per store view, the days its special
 * price applies (every view's), stock and status; each refusal in its cell.
 */
function variantsGrid(edit: ProductEdit, f: Fields) {
  const cell = (name: string, input: ReturnType<typeof html>) => html`<td>${input}${f.problem(name)}</td>`;
  const day = (v: ProductEdit['variants'][number], side: 'from' | 'to') => {
    const name = `variant_${v.id}_special_${side}`;
    const saved = (side === 'from' ? v.prices[0]?.specialPriceFrom : v.prices[0]?.specialPriceTo) ?? '';
    return cell(name, html`<input aria-label="${v.sku} special price ${side}" name="${name}" type="date" value="${f.value(name, saved)}" ${f.described(name)} />`);
  };
  return html`<h2>Variants</h2>
    <table class="variants">
      <tr><th>SKU</th><th>Options</th>${edit.prices.map((p) => html`<th>Price, ${p.storeName} (${p.currency})</th><th>Special, ${p.storeName}</th>`)}<th>Special from</th><th>Special to</th><th>Stock</th><th>Status</th><th>Remove</th></tr>
      ${edit.variants.map((v) => {
        const prefix = `variant_${v.id}_`;
        const enabled = f.value(`${prefix}enabled`, v.isEnabled ? '1' : '0') === '1';
        return html`<tr data-variant="${v.sku}"><td>${v.sku}</td><td>${v.label}</td>${v.prices.map((p) => {
          const [price, special] = [`${prefix}price_${p.storeId}`, `${prefix}special_${p.storeId}`];
          return html`${cell(price, html`<input aria-label="${v.sku} price, ${p.storeName}" name="${price}" type="number" step="0.01" min="0" value="${f.value(price, money(p.price))}" required ${f.described(price)} />`)}
              ${cell(special, html`<input aria-label="${v.sku} special price, ${p.storeName}" name="${special}" type="number" step="0.01" min="0" value="${f.value(special, money(p.specialPrice))}" placeholder="none" ${f.described(special)} />`)}`;
        })}${day(v, 'from')}${day(v, 'to')}${cell(`${prefix}qty`, html`<input aria-label="${v.sku} stock" name="${prefix}qty" type="number" min="0" step="1" value="${f.value(`${prefix}qty`, String(v.qty))}" required ${f.described(`${prefix}qty`)} />`)}
            ${cell(`${prefix}enabled`, html`<select aria-label="${v.sku} status" name="${prefix}enabled" ${f.described(`${prefix}enabled`)}><option value="1" ${enabled ? 'selected' : ''}>Enabled</option><option value="0" ${enabled ? '' : 'selected'}>Disabled</option></select>`)}
            <td><button type="submit" class="danger" form="remove-variant-${v.id}" aria-label="Remove variant ${v.sku}">Remove</button></td></tr>`;
      })}
    </table>`;
}

/** The figures derived from parts or amounts, shown so the admin sees what shoppers see. */
function derivedPrices(edit: ProductEdit) {
  const source = productType(edit.product.type).priceSource?.page;
  return html`<p class="muted">Prices are derived from ${source} on save:
    ${edit.prices.map((p) => html`<span data-derived-price="${p.storeId}">${p.storeName}: from ${formatMoney(p.minimalPrice, p.currency)}</span> `)}</p>`;
}

/** Stock: the product's own, or where it comes from. */
function stock(edit: ProductEdit, f: Fields) {
  const { product } = edit;
  if (product.type === 'configurable') return html`<p class="muted">Stock: ${product.qty} (the sum of the variants')</p>`;
  if (!stockedBySelf(product)) return html`<p class="muted">Stock goes by the products it sells.</p>`;
  return html`<label>Stock quantity <input name="qty" type="number" min="0" step="1" value="${f.value('qty', String(product.qty))}" required ${f.described('qty')} /></label>${f.problem('qty')}`;
}

/** The product's own fields, first in its one form (product-page.ts). */
export function mainForm(edit: ProductEdit, state: MainFormState) {
  const { product } = edit;
  const f = fieldsOf(state);
  const enabled = f.value('enabled', product.isEnabled ? '1' : '0') === '1';
  return html`<label>Name <input name="name" value="${f.value('name', product.name)}" maxlength="255" required ${f.described('name')} /></label>${f.problem('name')}
      <label>SKU (letters, digits, ".", "_", "-"; placed orders keep theirs) <input name="sku" value="${f.value('sku', product.sku)}" maxlength="64" required ${f.described('sku')} /></label>${f.problem('sku')}
      ${pricedBySelf(product) ? html`${edit.prices.map((p) => priceInputs(p, f))}${specialDays(edit, f)}` : derivedPrices(edit)}
      <label>Weight, kg (blank: not given) <input name="weight" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,3})?" value="${f.value('weight', product.weight === null ? '' : String(product.weight))}" ${f.described('weight')} /></label>${f.problem('weight')}
      ${stock(edit, f)}
      <label>Status <select name="enabled" ${f.described('enabled')}><option value="1" ${enabled ? 'selected' : ''}>Enabled</option><option value="0" ${enabled ? '' : 'selected'}>Disabled</option></select></label>${f.problem('enabled')}
      ${product.type === 'configurable' ? variantsGrid(edit, f) : ''}`;
}

const apiFields: Record<string, string> = { name: 'name', sku: 'sku', isEnabled: 'enabled', weight: 'weight', stockQty: 'qty', specialPriceFrom: 'special_from', specialPriceTo: 'special_to' };

/** The form field an API field is about (`storeOverrides.{code}.specialPrice` is `special_{store}`); undefined: none. */
export function formField(edit: ProductEdit, path: readonly PropertyKey[]): string | undefined {
  const [key, code, part] = path.map(String);
  if (key !== 'storeOverrides') return apiFields[key ?? ''];
  const store = edit.prices.find((price) => price.storeCode === code);
  return store ? `${part === 'specialPrice' ? 'special' : 'price'}_${store.storeId}` : undefined;
}

/** The page's message for `count` fields refused. */
export const summary = (count: number) => `Nothing was saved: ${count === 1 ? 'one field needs' : `${count} fields need`} correcting, marked below.`;

export const staleMessage =
  'This product was changed by someone else since you opened it, so nothing was saved. What you typed is kept below: copy what you need, reload the page to see their change, then make yours again.';
