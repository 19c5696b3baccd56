/**
 * The product page's one form (issue 33 item 6): one record, one Save. Name, SKU, status, weight,
 * stock and, for a product priced by itself, its price and special price in each store view with the
 * special price's days; for a configurable, its variants grid; its content and placement
 * (content-form.ts); each image's alternative text. Uploading, moving and removing an image stay
 * immediate: their buttons sit among the images but belong to small forms of their own (`form=`).
 * It carries the version it was loaded at (`_etag`), so a save over someone else's newer change is
 * refused (409) with everything typed kept, and shows each refusal next to its field (`aria-invalid`,
 * `aria-describedby`), the page's message only summing them up. Leaving it with a value changed asks
 * first (`data-unsaved-warning`, client/admin.js). Validation is edit-data.ts, the save form-save.ts,
 * one transaction.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { AppError, refusedFields } from '../../../../platform/errors.ts';
import { productEtag, ProductPatch } from '../service.ts';
import { parseProductChanges, pricedBySelf, stockedBySelf, type FieldErrors, type ProductEdit, type StorePrice } from './edit-data.ts';
import { productPatch, saveProductChanges, type ImageAlt } from './form-save.ts';
import { contentField, contentFields, contentPatch, savedContent } from './content-form.ts';
import { humanErrors } from '../../../../platform/admin/human-messages.ts';
import { productImageUrl } from '../../../media/urls.ts';
import { productType } from '../../product-types/registry.ts';

export type Typed = Record<string, string | string[]>;

export interface ProductFormState {
  /** What was typed (empty: the saved values). */
  typed: Typed;
  /** The version the form was loaded at. */
  etag: string;
  errors: FieldErrors;
  /** The page's message: a summary of the errors by their fields, or why nothing could be saved. */
  error?: string;
  /** Refused for a conflict (someone else's newer change, a taken SKU): the page answers 409. */
  conflict?: boolean;
}

const money = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The form's values, its errors and their markup. */
function fieldsOf(state: ProductFormState) {
  const { typed, errors } = state;
  return {
    value: (name: string, saved: string) => first(typed[name]) ?? saved,
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
    ${edit.prices.map((p) => html`<span data-derived-price="${p.storeId}">${p.storeName}: from ${money(p.minimalPrice)} ${p.currency}</span> `)}</p>`;
}

/** Stock: the product's own, or where it comes from. */
function stock(edit: ProductEdit, f: Fields) {
  const { product } = edit;
  if (product.type === 'configurable') return html`<p class="muted">Stock: ${product.qty} (the sum of the variants')</p>`;
  if (!stockedBySelf(product)) return html`<p class="muted">Stock goes by the products it sells.</p>`;
  return html`<label>Stock quantity <input name="qty" type="number" min="0" step="1" value="${f.value('qty', String(product.qty))}" required ${f.described('qty')} /></label>${f.problem('qty')}`;
}

/** The images with each one's alternative text; their buttons belong to the forms after the main one (`imageForms`). */
function imagesFields(edit: ProductEdit, f: Fields) {
  const { images } = edit.product;
  const move = (id: number, value: string, label: string, name: string) => html`<button type="submit" name="move" value="${value}" form="image-${id}" aria-label="${name}">${label}</button>`;
  return html`<h2 id="images">Images</h2>
    ${images.length === 0 ? html`<p class="muted">No images: shoppers see a generated picture.</p>` : ''}
    <ul class="images">
      ${images.map((image, index) => {
        const alt = `image.${image.id}.alt`;
        return html`<li>
          <img src="${productImageUrl(image.file)}" alt="${image.label}" width="96" height="96" loading="lazy" />
          ${index === 0 ? html`<strong>Main image.</strong>` : ''}
          <label>Alternative text <input name="${alt}" value="${f.value(alt, image.label)}" maxlength="255" /></label>
          ${index > 0 ? html`${move(image.id, 'first', 'Make main', `Make main: image ${index + 1}`)} ${move(image.id, 'earlier', 'Earlier', `Move earlier: image ${index + 1}`)}` : ''}
          ${index < images.length - 1 ? move(image.id, 'later', 'Later', `Move later: image ${index + 1}`) : ''}
          <button type="submit" class="danger" form="image-${image.id}-remove" aria-label="Remove image ${index + 1}">Remove</button>
        </li>`;
      })}
    </ul>
    <fieldset><legend>Add an image (uploaded at once)</legend>
      <label>Image file (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 10 MB) <input type="file" name="file" accept="image/*" required form="image-upload" /></label>
      <label>Alternative text (what the picture shows) <input name="alt" maxlength="255" form="image-upload" /></label>
      <label><input type="checkbox" name="main" form="image-upload" /> Make it the main image</label>
      <button type="submit" form="image-upload">Upload</button>
    </fieldset>`;
}

/** The images' own immediate actions, outside the main form (a form holds no form): each image's moves and removal, and the upload. */
export function imageForms(c: Context<AdminEnv>, edit: ProductEdit) {
  const base = `/admin/products/${edit.product.id}/images`;
  return html`${edit.product.images.map(
    (image) => html`<form method="post" action="${base}/${image.id}" id="image-${image.id}">${csrfField(c.var.csrfToken)}</form>
      <form method="post" action="${base}/${image.id}/delete" id="image-${image.id}-remove">${csrfField(c.var.csrfToken)}</form>`,
  )}
    <form method="post" action="${base}" enctype="multipart/form-data" id="image-upload">${csrfField(c.var.csrfToken)}</form>`;
}

export async function productForm(c: Context<AdminEnv>, edit: ProductEdit, state: ProductFormState) {
  const { product } = edit;
  const f = fieldsOf(state);
  const enabled = f.value('enabled', product.isEnabled ? '1' : '0') === '1';
  // A refused save shows what it posted, the content fields included; a fresh page the saved content.
  const content = state.typed.urlKey !== undefined ? state.typed : await savedContent(c.var.db, product);
  return html`<form method="post" action="/admin/products/${product.id}" data-unsaved-warning>
      ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${state.etag}" />
      <label>Name <input name="name" value="${f.value('name', product.name)}" maxlength="255" required ${f.described('name')} /></label>${f.problem('name')}
      <label>SKU (letters, digits, ".", "_", "-"; placed orders keep theirs) <input name="sku" value="${f.value('sku', product.sku)}" maxlength="64" required ${f.described('sku')} /></label>${f.problem('sku')}
      ${pricedBySelf(product) ? html`${edit.prices.map((p) => priceInputs(p, f))}${specialDays(edit, f)}` : derivedPrices(edit)}
      <label>Weight, kg (blank: not given) <input name="weight" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,3})?" value="${f.value('weight', product.weight === null ? '' : String(product.weight))}" ${f.described('weight')} /></label>${f.problem('weight')}
      ${stock(edit, f)}
      <label>Status <select name="enabled" ${f.described('enabled')}><option value="1" ${enabled ? 'selected' : ''}>Enabled</option><option value="0" ${enabled ? '' : 'selected'}>Disabled</option></select></label>${f.problem('enabled')}
      ${product.type === 'configurable' ? variantsGrid(edit, f) : ''}
      ${await contentFields(c, content, state.errors)}
      ${imagesFields(edit, f)}
      <p><button type="submit">Save</button> <a href="/admin/products">Cancel</a></p>
    </form>
    ${imageForms(c, edit)}`;
}

const apiFields: Record<string, string> = { name: 'name', sku: 'sku', isEnabled: 'enabled', weight: 'weight', stockQty: 'qty', specialPriceFrom: 'special_from', specialPriceTo: 'special_to' };

/** The form field an API field is about (`storeOverrides.{code}.specialPrice` is `special_{store}`, a view's text `store:{code}:{field}`); undefined: none. */
function formField(edit: ProductEdit, path: readonly PropertyKey[]): string | undefined {
  const [key, code, part] = path.map(String);
  if (key !== 'storeOverrides' || (part !== 'price' && part !== 'specialPrice')) return apiFields[key ?? ''] ?? contentField(path);
  const store = edit.prices.find((price) => price.storeCode === code);
  return store ? `${part === 'specialPrice' ? 'special' : 'price'}_${store.storeId}` : undefined;
}

/** The main fields' patch and the content's in one; each view's prices and texts side by side in its `storeOverrides`. */
function onePatch(main: Record<string, unknown>, content: Record<string, unknown>): Record<string, unknown> {
  const views = { ...(main.storeOverrides as object | undefined) } as Record<string, object>;
  for (const [code, texts] of Object.entries((content.storeOverrides as Record<string, object> | undefined) ?? {})) views[code] = { ...views[code], ...texts };
  const patch = { ...main, ...content };
  return Object.keys(views).length > 0 ? { ...patch, storeOverrides: views } : patch;
}

/** The images whose alternative text was changed. */
function changedAlts(edit: ProductEdit, typed: Typed): ImageAlt[] {
  return edit.product.images.flatMap((image) => {
    const alt = first(typed[`image.${image.id}.alt`])?.trim().slice(0, 255);
    return alt === undefined || alt === image.label ? [] : [{ id: image.id, alt }];
  });
}

/** What a refused field is called in a message. */
const labels = { name: 'a name', sku: 'a SKU', urlKey: 'a URL key', metaTitle: 'the meta title', metaDescription: 'the meta description' };

const summary = (errors: FieldErrors) => {
  const count = Object.keys(errors).length;
  return `Nothing was saved: ${count === 1 ? 'one field needs' : `${count} fields need`} correcting, marked below.`;
};

/** A refusal: the errors by their fields with the summary, or `message` when none is a field's. */
function refusedWith(typed: Typed, etag: string, errors: FieldErrors, message?: string, conflict?: boolean): ProductFormState {
  return { typed, etag, errors, error: Object.keys(errors).length > 0 ? summary(errors) : message, ...(conflict ? { conflict } : {}) };
}

const staleMessage =
  'This product was changed by someone else since you opened it, so nothing was saved. What you typed is kept below: copy what you need, reload the page to see their change, then make yours again.';

/** Saves the posted form; answers the form's state to show again when something was refused, or nothing when saved. */
export async function saveProductForm(c: Context<AdminEnv>, edit: ProductEdit, typed: Typed): Promise<ProductFormState | undefined> {
  const etag = first(typed._etag) ?? '';
  // Said before any field's error: correcting a form that cannot be saved would be work lost (the
  // save checks again, under the product's lock).
  if (etag !== '' && etag !== productEtag(edit.product)) return refusedWith(typed, etag, {}, staleMessage, true);
  const strings = Object.fromEntries(Object.entries(typed).flatMap(([name, value]) => (first(value) === undefined ? [] : [[name, first(value)!]])));
  const parsed = parseProductChanges(edit, strings);
  const content = await contentPatch(c.var.db, edit.product, typed);
  // The API's own rules (the SKU's form, the bounds) on what changed, by the field they are about,
  // with the form's own refusals: every one shown at once.
  const patch = ProductPatch.safeParse(onePatch('changes' in parsed ? productPatch(edit, parsed.changes) : {}, content.patch), { error: humanErrors(labels) });
  const errors: FieldErrors = { ...('errors' in parsed ? parsed.errors : {}), ...content.errors };
  for (const issue of patch.error?.issues ?? []) {
    const name = formField(edit, issue.path);
    if (name) errors[name] ??= issue.message;
  }
  if (!patch.success || !('changes' in parsed) || Object.keys(errors).length > 0) return refusedWith(typed, etag, errors, patch.error?.issues[0]?.message);
  try {
    await saveProductChanges({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, edit, parsed.changes, patch.data, changedAlts(edit, typed), etag || undefined);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError) || !['invalid', 'conflict', 'precondition_failed'].includes(error.kind)) throw error;
    if (error.code === 'stale_version') return refusedWith(typed, etag, {}, staleMessage, true);
    const errors: FieldErrors = {};
    for (const [field, message] of Object.entries(refusedFields(error))) {
      const name = formField(edit, field.split('.'));
      if (name) errors[name] ??= message;
    }
    return refusedWith(typed, etag, errors, error.message, error.kind === 'conflict');
  }
}
