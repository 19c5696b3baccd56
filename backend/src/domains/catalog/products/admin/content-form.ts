/**
 * The product page's "Content and placement" part: URL key, visibility, categories, related products
 * (by SKU), the two texts and the meta title and description of a product of any type, a part of the
 * product's one form saved with the rest by its one Save (page-save.ts) with its version, so a stale
 * page gets a conflict instead of overwriting a newer save. Errors show by their field, with
 * everything typed kept. Each other store view has a section of its own texts (store-texts.ts),
 * saved with the rest: a field left empty inherits the product's.
 */
import { inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { categoryTreePicker } from '../../../../platform/admin/config-pickers.ts';
import { otherStoreViews } from '../../../../platform/admin/store-views.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { products } from '../../../../platform/db/schema/index.ts';
import { adminProductView, getAdminProduct, productEtag, ProductPatch } from '../service.ts';
import { productTextKind, type ProductTextField } from '../store-texts.ts';
import type { z } from '@hono/zod-openapi';

/** A store view's own text in the form: `store:{code}:{field}`. */
const storeKey = (code: string, field: string) => `store:${code}:${field}`;
const storeLabels: Record<ProductTextField, string> = {
  name: 'Name',
  shortDescription: 'Short description (sanitised on save)',
  description: 'Description (sanitised on save)',
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
};

export type Typed = Record<string, string | string[]>;

/** What the form shows: a product's saved values, or what the editor typed before an error. */
export interface ContentFormState {
  typed: Typed;
  etag: string;
  errors: Record<string, string>;
  error?: string;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
const many = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []);

const skuList = (typed: string) => [...new Set(typed.split(/[\s,]+/).filter(Boolean))];

/** Related products by SKU as the form shows them, in their order. */
async function skusOf(db: Db, ids: readonly number[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, [...ids]));
  return ids.map((id) => rows.find((row) => row.id === id)?.sku ?? '').filter(Boolean).join(', ');
}

/** The ids of typed SKUs in their order, or the SKUs no product has. */
async function idsOf(db: Db, skus: readonly string[]): Promise<{ ids: number[] } | { unknown: string[] }> {
  const rows = skus.length === 0 ? [] : await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, [...skus]));
  const unknown = skus.filter((sku) => !rows.some((row) => row.sku === sku));
  return unknown.length > 0 ? { unknown } : { ids: skus.map((sku) => rows.find((row) => row.sku === sku)!.id) };
}

/** A product's saved values in the form's shape. */
export async function savedContent(c: Context<AdminEnv>, id: number): Promise<ContentFormState> {
  const product = await getAdminProduct(c.var.db, id);
  const view = adminProductView(product);
  return {
    typed: {
      urlKey: view.urlKey,
      visibility: view.visibility,
      categoryIds: view.categoryIds.map(String),
      position: String(view.position),
      related: await skusOf(c.var.db, view.relatedIds),
      shortDescription: view.shortDescription,
      description: view.description,
      metaTitle: view.metaTitle,
      metaDescription: view.metaDescription,
      ...Object.fromEntries(
        Object.entries(product.storeTexts).flatMap(([code, texts]) => productTextKind.fields.map((field) => [storeKey(code, field), texts[field] ?? ''])),
      ),
    },
    etag: productEtag(product),
    errors: {},
  };
}

/** The section's fields, inside the product's one form (product-page.ts): saved with the rest by its one Save. */
export async function contentForm(c: Context<AdminEnv>, state: ContentFormState) {
  const views = await otherStoreViews(c.var.db);
  const { typed, errors } = state;
  const problem = (name: string) => (errors[name] ? html`<strong class="error" id="content-${name}-error" role="alert">${errors[name]}</strong>` : '');
  const described = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="content-${name}-error"` : '');
  return html`<h2 id="content">Content and placement</h2>
    ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
      <label>URL key (its storefront path; changing it keeps a 301 from the old one) <input name="urlKey" value="${first(typed.urlKey)}" required ${described('urlKey')} /></label>${problem('urlKey')}
      <label>Visibility <select name="visibility" ${described('visibility')}>
        <option value="catalog" ${first(typed.visibility) === 'catalog' ? 'selected' : ''}>In the catalog and search</option>
        <option value="not_visible" ${first(typed.visibility) === 'not_visible' ? 'selected' : ''}>Not listed (its page only)</option>
      </select></label>${problem('visibility')}
      <input type="hidden" name="_categoryIds" value="1" />
      <div role="group" aria-labelledby="content-categories">
        <p id="content-categories">Categories (a category lists its subcategories' products too)</p>
        ${await categoryTreePicker(c.var.db, 'categoryIds', many(typed.categoryIds), described('categoryIds'), { coversSubcategories: false })}
      </div>${problem('categoryIds')}
      <label>Position in category listings (lower first; the same in each of its categories) <input name="position" type="number" min="0" step="1" value="${first(typed.position)}" ${described('position')} /></label>${problem('position')}
      <label>Related products (SKUs, comma-separated, in the order shown) <input name="related" value="${first(typed.related)}" ${described('relatedIds')} /></label>${problem('relatedIds')}
      <label for="content-shortDescription">Short description (sanitised on save)</label>
      <textarea name="shortDescription" id="content-shortDescription" rows="3" data-rich-text ${described('shortDescription')}>${first(typed.shortDescription)}</textarea>${problem('shortDescription')}
      <label for="content-description">Description (sanitised on save)</label>
      <textarea name="description" id="content-description" rows="12" data-rich-text ${described('description')}>${first(typed.description)}</textarea>${problem('description')}
      <label>Meta title (the page's title in search results; empty: its name) <input name="metaTitle" value="${first(typed.metaTitle)}" maxlength="255" ${described('metaTitle')} /></label>${problem('metaTitle')}
      <label for="content-metaDescription">Meta description (the text under it in search results; empty: the storefront's own)</label>
      <textarea name="metaDescription" id="content-metaDescription" rows="3" maxlength="1000" ${described('metaDescription')}>${first(typed.metaDescription)}</textarea>${problem('metaDescription')}
      ${views.map(
        // A section, not a fieldset: a fieldset is at least as wide as its content (the editor's toolbar), wider than a phone.
        (view) => html`<section aria-labelledby="content-store-${view.code}">
          <h3 id="content-store-${view.code}">Store view: ${view.name} (${view.code})</h3>
          <p class="muted">Empty fields show the product's own.</p>
          ${problem(`store:${view.code}`)}
          ${productTextKind.fields.map((field) => {
            const key = storeKey(view.code, field);
            const long = field === 'shortDescription' || field === 'description' || field === 'metaDescription';
            return html`<label for="content-${key}">${storeLabels[field]}</label>
              ${long
                ? html`<textarea name="${key}" id="content-${key}" rows="${field === 'description' ? 8 : 3}" ${field === 'metaDescription' ? html`maxlength="1000"` : 'data-rich-text'} ${described(key)}>${first(typed[key])}</textarea>`
                : html`<input name="${key}" id="content-${key}" value="${first(typed[key])}" maxlength="255" ${described(key)} />`}${problem(key)}`;
          })}
        </section>`,
      )}
`;
}

/** The section's fields the API names (`metaTitle`, `storeOverrides.{code}.{field}`): the form field each is typed in. */
export function contentField(path: readonly PropertyKey[]): string | undefined {
  const [name, code, field] = path.map(String);
  if (name === 'storeOverrides') return code ? (field && productTextKind.fields.includes(field as ProductTextField) ? storeKey(code, field) : `store:${code}`) : undefined;
  return ['urlKey', 'visibility', 'categoryIds', 'position', 'relatedIds', 'shortDescription', 'description', 'metaTitle', 'metaDescription'].includes(name ?? '') ? name : undefined;
}

/** A service refusal as the section's state: each of its fields' errors by the field, else `message`. */
export function contentRefusal(typed: Typed, etag: string, fields: Record<string, string>, message: string): ContentFormState {
  const { storeOverrides: storeProblem, ...errors } = fields;
  if (storeProblem) return { typed, etag, errors, error: storeProblem };
  return Object.keys(errors).length > 0 ? { typed, etag, errors } : { typed, etag, errors, error: message };
}

/** The typed section as the API's patch, or its errors by field (nothing is saved then). */
export async function contentPatch(db: Db, typed: Typed): Promise<{ patch: z.infer<typeof ProductPatch> } | { errors: Record<string, string> }> {
  const related = await idsOf(db, skuList(first(typed.related)));
  if ('unknown' in related) return { errors: { relatedIds: `No product has the SKU ${related.unknown.join(', ')}.` } };
  // Left empty (or not sent by an older page): the position stays as it is.
  const position = first(typed.position).trim();
  const badPosition = position === '' || /^\d{1,7}$/.test(position) ? undefined : 'A whole number from 0.';
  // A field not sent is left as it is (a post of some fields only); the categories are sent as ticked
  // boxes, none when none is ticked, so their marker says the list was on the page.
  const sent = (name: string) => typed[name] !== undefined;
  const parsed = ProductPatch.safeParse({
    urlKey: sent('urlKey') ? first(typed.urlKey).trim() : undefined,
    visibility: sent('visibility') ? first(typed.visibility) : undefined,
    categoryIds: sent('categoryIds') || sent('_categoryIds') ? many(typed.categoryIds).map(Number) : undefined,
    position: badPosition || position === '' ? undefined : Number(position),
    relatedIds: sent('related') ? related.ids : undefined,
    shortDescription: sent('shortDescription') ? first(typed.shortDescription) : undefined,
    description: sent('description') ? first(typed.description) : undefined,
    metaTitle: sent('metaTitle') ? first(typed.metaTitle) : undefined,
    metaDescription: sent('metaDescription') ? first(typed.metaDescription) : undefined,
    storeOverrides: typedStoreTexts(typed),
  });
  if (!parsed.success || badPosition) {
    const errors: Record<string, string> = badPosition ? { position: badPosition } : {};
    for (const issue of parsed.error?.issues ?? []) errors[contentField(issue.path) ?? String(issue.path[0] ?? '')] ??= issue.message;
    return { errors };
  }
  return { patch: parsed.data };
}

/** The store views' texts typed in the form, by code (an empty field: inherit). */
function typedStoreTexts(typed: Typed): Record<string, Partial<Record<ProductTextField, string>>> {
  const byCode: Record<string, Partial<Record<ProductTextField, string>>> = {};
  for (const [key, value] of Object.entries(typed)) {
    const [prefix, code, field] = key.split(':');
    if (prefix !== 'store' || !code || !productTextKind.fields.includes(field as ProductTextField)) continue;
    (byCode[code] ??= {})[field as ProductTextField] = first(value);
  }
  return byCode;
}
