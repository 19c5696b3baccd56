/**
 * The product page's "Content and placement" form: URL key, visibility, categories, related products
 * (by SKU), the two texts and the meta title and description of a product of any type, saved through the product admin service (admin.ts) with its version, so a
 * stale page gets a conflict instead of overwriting a newer save. Errors show by their field, with
 * everything typed kept.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../admin/admin-env.ts';
import { csrfField } from '../../admin/layout.ts';
import type { Db } from '../../db/database.ts';
import { categories, products } from '../../db/schema/index.ts';
import { AppError, refusedFields } from '../../errors.ts';
import { adminProductView, getAdminProduct, productEtag, ProductPatch, updateProduct } from './admin.ts';

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
      related: await skusOf(c.var.db, view.relatedIds),
      shortDescription: view.shortDescription,
      description: view.description,
      metaTitle: view.metaTitle,
      metaDescription: view.metaDescription,
    },
    etag: productEtag(product),
    errors: {},
  };
}

export async function contentForm(c: Context<AdminEnv>, id: number, state: ContentFormState) {
  const tree = await c.var.db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories).orderBy(asc(categories.urlPath));
  const { typed, errors } = state;
  const chosen = new Set(many(typed.categoryIds));
  const problem = (name: string) => (errors[name] ? html`<strong class="error" id="content-${name}-error" role="alert">${errors[name]}</strong>` : '');
  const described = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="content-${name}-error"` : '');
  return html`<h2 id="content">Content and placement</h2>
    ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
    <form method="post" action="/admin/products/${id}/content" data-unsaved-warning>
      ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${state.etag}" />
      <label>URL key (its storefront path; changing it keeps a 301 from the old one) <input name="urlKey" value="${first(typed.urlKey)}" required ${described('urlKey')} /></label>${problem('urlKey')}
      <label>Visibility <select name="visibility" ${described('visibility')}>
        <option value="catalog" ${first(typed.visibility) === 'catalog' ? 'selected' : ''}>In the catalog and search</option>
        <option value="not_visible" ${first(typed.visibility) === 'not_visible' ? 'selected' : ''}>Not listed (its page only)</option>
      </select></label>${problem('visibility')}
      <label>Categories <select name="categoryIds" multiple size="8" ${described('categoryIds')}>
        ${tree.map((row) => html`<option value="${row.id}" ${chosen.has(String(row.id)) ? 'selected' : ''}>/${row.urlPath}</option>`)}
      </select></label>${problem('categoryIds')}
      <label>Related products (SKUs, comma-separated, in the order shown) <input name="related" value="${first(typed.related)}" ${described('relatedIds')} /></label>${problem('relatedIds')}
      <label for="content-shortDescription">Short description (sanitised on save)</label>
      <textarea name="shortDescription" id="content-shortDescription" rows="3" data-rich-text ${described('shortDescription')}>${first(typed.shortDescription)}</textarea>${problem('shortDescription')}
      <label for="content-description">Description (sanitised on save)</label>
      <textarea name="description" id="content-description" rows="12" data-rich-text ${described('description')}>${first(typed.description)}</textarea>${problem('description')}
      <label>Meta title (the page's title in search results; empty: its name) <input name="metaTitle" value="${first(typed.metaTitle)}" maxlength="255" ${described('metaTitle')} /></label>${problem('metaTitle')}
      <label for="content-metaDescription">Meta description (the text under it in search results; empty: the storefront's own)</label>
      <textarea name="metaDescription" id="content-metaDescription" rows="3" maxlength="1000" ${described('metaDescription')}>${first(typed.metaDescription)}</textarea>${problem('metaDescription')}
      <button type="submit">Save content</button>
    </form>`;
}

/**
 * Saves the posted form; answers the form's state to show again when something was refused, or
 * nothing when saved. A stale version keeps the editor's text on the page to copy from.
 */
export async function saveContent(c: Context<AdminEnv>, id: number, typed: Typed): Promise<ContentFormState | undefined> {
  const etag = first(typed._etag);
  const related = await idsOf(c.var.db, skuList(first(typed.related)));
  if ('unknown' in related) return { typed, etag, errors: { relatedIds: `No product has the SKU ${related.unknown.join(', ')}.` } };
  const parsed = ProductPatch.safeParse({
    urlKey: first(typed.urlKey).trim(),
    visibility: first(typed.visibility),
    categoryIds: many(typed.categoryIds).map(Number),
    relatedIds: related.ids,
    shortDescription: first(typed.shortDescription),
    description: first(typed.description),
    metaTitle: first(typed.metaTitle),
    metaDescription: first(typed.metaDescription),
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
    return { typed, etag, errors };
  }
  try {
    await updateProduct({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id, parsed.data, etag || undefined);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError) || !['invalid', 'conflict', 'precondition_failed'].includes(error.kind)) throw error;
    const errors = refusedFields(error);
    if (Object.keys(errors).length > 0) return { typed, etag, errors };
    const message = error.code === 'stale_version' ? `${error.message} Your text is below; copy what you need before reloading.` : error.message;
    return { typed, etag, errors, error: message };
  }
}
