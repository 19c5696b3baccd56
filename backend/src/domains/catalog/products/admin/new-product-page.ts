/**
 * Catalog → Products → New product (issue 33 item 5), in two steps that need no script: the type
 * first (`/admin/products/new`), then the form with the shared fields and that type's own only
 * (`/admin/products/new?type=bundle`, the type's `adminNew` in product-types/registry.ts); "Change"
 * goes back to the first step with the type chosen. The form takes images on create, and the URL key
 * follows the name as it is typed (client/admin.js, `data-url-key-from`) until edited; left blank, the
 * server makes it from the name. The shared fields are read with the API's schema (`formInput`), the
 * type's by its `adminNew.input`, and every refusal is worded for a person (human-messages.ts) beside
 * its field, everything typed kept. Nothing is created until every field and image is accepted.
 */
import { asc } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { categoryTreePicker } from '../../../../platform/admin/config-pickers.ts';
import { formInput } from '../../../../platform/admin/form-input.ts';
import { humanErrors, type FieldLabels } from '../../../../platform/admin/human-messages.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { renderPage } from '../../../../platform/admin/page.ts';
import { stores, type ProductType } from '../../../../platform/db/schema/index.ts';
import { AppError, refusedFields } from '../../../../platform/errors.ts';
import { storeUploadedImage } from '../../../media/upload.ts';
import { productTypes } from '../../product-types/registry.ts';
import { priceField, text, type FieldErrors, type FieldOf, type NewProductForm, type PricedView, type Typed } from '../../product-types/new-product-fields.ts';
import { addProductImage, createProduct, ProductInput } from '../service.ts';
import { urlKeyFrom } from './url-key-from.ts';

const many = (typed: Typed, name: string) => [typed[name] ?? []].flat().filter((value): value is string => typeof value === 'string');
const typeOf = (value: string | undefined) => (value && productTypes().has(value as ProductType) ? (value as ProductType) : undefined);

async function viewsOf(c: Context<AdminEnv>): Promise<PricedView[]> {
  const rows = await c.var.db.select({ code: stores.code, name: stores.name, currency: stores.baseCurrencyCode, isDefault: stores.isDefault }).from(stores).orderBy(asc(stores.position), asc(stores.id));
  return rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** The first step: which type, each with what it is for. */
function typeStep(c: Context<AdminEnv>) {
  const chosen = typeOf(c.req.query('type')) ?? 'simple';
  return renderPage(
    c,
    'New product',
    html`<form method="get" action="/admin/products/new">
      <fieldset><legend>What kind of product is it?</legend>
        ${[...productTypes().values()].map(
          ({ code, adminNew }) => html`<label class="choice"><input type="radio" name="type" value="${code}" ${code === chosen ? 'checked' : ''} aria-describedby="type-${code}-hint" />
            <strong>${adminNew.label}</strong> <span class="muted" id="type-${code}-hint">${adminNew.hint}</span></label>`,
        )}
      </fieldset>
      <button type="submit">Continue</button> <a href="/admin/products">Cancel</a>
    </form>`,
  );
}

/** What each shared field is called in a message ("Enter a name."). */
function labelsOf(views: readonly PricedView[]): FieldLabels {
  const [home] = views;
  return {
    name: 'a name',
    sku: 'a SKU',
    urlKey: 'a URL key',
    price: home ? `the price in ${home.name}` : 'a price',
    stockQty: 'the stock quantity',
    configurableAttributes: 'the attributes',
    'variants.sku': 'the variant SKU',
    'variants.price': 'the variant price',
    'variants.stockQty': 'the variant stock',
    ...Object.fromEntries(views.map((view) => [priceField(view), `the price in ${view.name}`])),
  };
}

async function productForm(c: Context<AdminEnv>, type: ProductType, typed: Typed = { isEnabled: 'on' }, errors: FieldErrors = {}, error?: string) {
  const definition = productTypes().get(type)!;
  const views = await viewsOf(c);
  const problem = (name: string) => (errors[name] ? html` <strong class="error" id="${name.replaceAll('.', '-')}-error" role="alert">${errors[name]}</strong>` : '');
  const invalid = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="${name.replaceAll('.', '-')}-error"` : '');
  const form: NewProductForm = {
    typed,
    errors,
    views,
    text: (name) => text(typed, name),
    many: (name) => many(typed, name),
    // aria-required, not required: the browser would answer a blank with its own bubble before the server's words.
    input: (name, label, step, required) =>
      html`<label>${label} <input name="${name}" value="${text(typed, name)}" ${invalid(name)} ${required ? html`aria-required="true"` : ''} ${step ? html`type="number" step="${step}" min="0"` : ''} /></label>${problem(name)}`,
    problem,
    invalid,
  };
  return renderPage(
    c,
    `New product: ${definition.adminNew.label.toLowerCase()}`,
    html`<form method="post" action="/admin/products/new" enctype="multipart/form-data" data-unsaved-warning>
      ${csrfField(c.var.csrfToken)}<input type="hidden" name="type" value="${type}" />
      <p>Type: <strong>${definition.adminNew.label}</strong> (${definition.adminNew.hint}) <a href="/admin/products/new?step=type&amp;type=${type}">Change</a></p>
      <label>Name <input name="name" id="new-name" value="${text(typed, 'name')}" maxlength="255" aria-required="true" ${invalid('name')} /></label>${problem('name')}
      <label>URL key (its storefront path: lower-case words joined by "-"; made from the name unless you change it) <input name="urlKey" value="${text(typed, 'urlKey')}" data-url-key-from="new-name" ${invalid('urlKey')} /></label>${problem('urlKey')}
      ${form.input('sku', 'SKU (letters, digits, ".", "_", "-")', undefined, true)}
      ${definition.adminNew.fields(form)}
      <div role="group" aria-labelledby="new-categories">
        <p id="new-categories">Categories (a category lists its subcategories' products too)</p>
        ${await categoryTreePicker(c.var.db, 'categoryIds', many(typed, 'categoryIds'), invalid('categoryIds'), { coversSubcategories: false })}
      </div>${problem('categoryIds')}
      <label for="new-description">Description (sanitised on save)</label>
      <textarea name="description" id="new-description" rows="10" data-rich-text ${invalid('description')}>${text(typed, 'description')}</textarea>${problem('description')}
      <fieldset><legend>Images (the first is its picture in listings)</legend>
        <label>Image files (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 10 MB each) <input type="file" name="images" accept="image/*" multiple ${invalid('images')} /></label>${problem('images')}
        <label>Alternative text (what the pictures show) <input name="imageAlt" value="${text(typed, 'imageAlt')}" maxlength="255" /></label>
      </fieldset>
      <label><input type="checkbox" name="isEnabled" ${typed.isEnabled !== undefined ? 'checked' : ''} /> Enabled</label>
      <button type="submit">Create</button> <a href="/admin/products">Cancel</a>
    </form>`,
    { error, status: error || Object.keys(errors).length > 0 ? 400 : 200 },
  );
}

/** The form field a refusal's path was typed in: the type's own part's, else the path up to a list's element (`categoryIds.0`: `categoryIds`). */
function fieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>, fieldOf: FieldOf | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const index = path.findIndex((part) => typeof part === 'number');
    const [field, said] = fieldOf?.(path, message) ?? [(index < 0 ? path : path.slice(0, index)).map(String).join('.'), message];
    errors[field] ??= said;
  }
  return errors;
}

/** The chosen image files, read and stored (media, by their content) before anything is created: a file that is no image refuses the form. */
async function storedImages(c: Context<AdminEnv>, typed: Typed): Promise<Uint8Array[] | string> {
  const files = [typed.images ?? []].flat().filter((file): file is File => file instanceof File && file.size > 0);
  const uploads: Uint8Array[] = [];
  for (const file of files) {
    const upload = new Uint8Array(await file.arrayBuffer());
    try {
      await storeUploadedImage(c.var.db, upload);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'invalid') return `${file.name}: ${error.message}`;
      throw error;
    }
    uploads.push(upload);
  }
  return uploads;
}

export const newProductPages = new Hono<AdminEnv>()
  .get('/new', (c) => {
    const type = typeOf(c.req.query('type'));
    // `?type=` from the type step opens the form; the form's "Change" link (`step=type`) comes back with it chosen.
    return type && c.req.query('step') !== 'type' ? productForm(c, type) : typeStep(c);
  })
  .post('/new', async (c) => {
    const typed = (await c.req.parseBody({ all: true })) as Typed;
    const type = typeOf(text(typed, 'type'));
    if (!type) return typeStep(c);
    const views = await viewsOf(c);
    // The URL key follows the name unless one was typed (the script fills it as the name is typed).
    if (text(typed, 'urlKey').trim() === '') typed.urlKey = urlKeyFrom(text(typed, 'name'));
    const shared = formInput(ProductInput, Object.fromEntries(Object.entries(typed).filter(([, value]) => !(value instanceof File)))) as Record<string, unknown>;
    const part = await productTypes().get(type)!.adminNew.input(c.var.db, typed, views);
    const images = await storedImages(c, typed);
    const parsed = ProductInput.safeParse({ ...shared, type, ...('body' in part ? part.body : {}) }, { error: humanErrors(labelsOf(views)) });
    const fieldOf = 'body' in part ? part.fieldOf : undefined;
    // Every refusal at once: the type's own fields', the images', then the schema's.
    const errors: FieldErrors = { ...('errors' in part ? part.errors : {}), ...(typeof images === 'string' ? { images } : {}) };
    if (!parsed.success || Object.keys(errors).length > 0) {
      const schemaErrors = parsed.success ? {} : fieldErrors(parsed.error.issues, fieldOf);
      // The type's own parts are refused by its fields already; the schema's "required for a bundle" would say it twice.
      for (const [field, message] of Object.entries(schemaErrors)) errors[field] ??= message;
      return productForm(c, type, typed, errors);
    }
    const ctx = { db: c.var.db, notifications: c.var.notifications, actor: c.var.admin };
    let id: number;
    try {
      id = (await createProduct(ctx, parsed.data)).id;
    } catch (error) {
      if (!(error instanceof AppError) || !['invalid', 'conflict'].includes(error.kind)) throw error;
      const fields = fieldErrors(Object.entries(refusedFields(error)).map(([name, message]) => ({ path: name.split('.'), message })), fieldOf);
      return Object.keys(fields).length > 0 ? productForm(c, type, typed, fields) : productForm(c, type, typed, {}, error.message);
    }
    const alt = text(typed, 'imageAlt').trim().slice(0, 255);
    try {
      for (const upload of typeof images === 'string' ? [] : images) await addProductImage(ctx, id, upload, alt, false);
    } catch (error) {
      // Created: an image another product has already (or chosen twice) is said on its page.
      if (error instanceof AppError && error.code === 'image_taken') return c.redirect(`/admin/products/${id}?flash=image_taken#images`, 303);
      throw error;
    }
    return c.redirect(`/admin/products/${id}?flash=created`, 303);
  });
