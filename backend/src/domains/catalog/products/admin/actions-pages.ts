/**
 * Catalog → Products → New product, and on a product's page its images (upload, remove) and Delete:
 * the product admin service (service.ts) behind forms. New product and Delete are for the types the
 * service creates: simple, virtual, configurable (with its attributes and a first variant; more are
 * added on its page), grouped (its members by SKU), downloadable (its links, one a line:
 * product-types/downloadable/admin-form.ts), bundle (its options: product-types/bundle/admin-form.ts) and gift card (its amounts and open range); images go on any product. Errors show by
 * their field with everything typed kept; after each action, the product's page.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { categoryTreePicker } from '../../../../platform/admin/config-pickers.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { confirmPage, isConfirmed } from '../../../../platform/admin/confirm-step.ts';
import { sayOutcome } from '../../../../platform/admin/outcome-flash.ts';
import { adminStoreViews } from '../../../../platform/admin/store-views.ts';
import { typedViewPrices, viewPriceField, viewPriceLabels } from './view-prices.ts';
import { altProblem, typedAlt } from './image-alt.ts';
import { formFields, renderPage } from '../../../../platform/admin/page.ts';
import { deleteQuestion } from './delete-question.ts';
import { loadProductEdit } from './edit-data.ts';
import { AppError, refusedFields } from '../../../../platform/errors.ts';
import { addProductImage, createProduct, deleteProduct, getAdminProduct, ProductInput, removeProductImage, updateProductImage } from '../service.ts';
import { membersOf } from '../../product-types/grouped/admin-form.ts';
import { bundleField, bundleFieldsets, typedBundle, type TypedBundle } from '../../product-types/bundle/admin-form.ts';
import { linkLines, type LinkLine } from '../../product-types/downloadable/admin-form.ts';
import { typedGiftcard } from '../../product-types/giftcard/admin-form.ts';
import { configurableAttributeLabels } from '../../product-types/configurable/attributes.ts';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

type Typed = Record<string, string | string[]>;

const text = (typed: Typed, name: string) => {
  const value = typed[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const many = (typed: Typed, name: string) => [typed[name] ?? []].flat();

/**
 * The form's fields as the API body: numbers as numbers, blanks left to the defaults. A configurable
 * takes its attributes and first variant (`variant.sku`, `variant.price`, `variant.stockQty` and
 * `variant.{attribute}`); a grouped product its members; a downloadable its links.
 */
function bodyOf(typed: Typed, members: Array<{ id: number; defaultQty: number }>, links: readonly LinkLine[]) {
  const number = (name: string) => (text(typed, name).trim() === '' ? undefined : Number(text(typed, name)));
  const type = text(typed, 'type') || 'simple';
  const attributes = many(typed, 'configurableAttributes');
  const own =
    type === 'configurable'
      ? {
          configurableAttributes: attributes,
          variants: [
            {
              sku: text(typed, 'variant.sku'),
              price: number('variant.price'),
              storeOverrides: typedViewPrices(typed, 'variant.'),
              stockQty: number('variant.stockQty'),
              attributes: Object.fromEntries(attributes.map((code) => [code, text(typed, `variant.${code}`)])),
            },
          ],
        }
      : type === 'grouped'
        ? { linkedProducts: members }
        : type === 'giftcard'
          ? { stockQty: number('stockQty'), giftcard: typedGiftcard(typed) }
          : type === 'downloadable'
            ? { price: number('price'), stockQty: number('stockQty'), storeOverrides: typedViewPrices(typed), downloadableLinks: links.map(({ title, price, sampleUrl }) => ({ title, price, sampleUrl })) }
            : { price: number('price'), stockQty: number('stockQty'), storeOverrides: typedViewPrices(typed) };
  return {
    sku: text(typed, 'sku'),
    name: text(typed, 'name'),
    urlKey: text(typed, 'urlKey'),
    type,
    ...own,
    isEnabled: typed.isEnabled !== undefined,
    description: text(typed, 'description'),
    categoryIds: many(typed, 'categoryIds').map(Number),
  };
}

const typeLabels = {
  simple: 'Simple',
  virtual: 'Virtual (not shipped)',
  configurable: 'Configurable (variants chosen by attributes)',
  grouped: 'Grouped (sells other products together)',
  bundle: 'Bundle (shoppers choose its parts)',
  giftcard: 'Gift card',
  downloadable: 'Downloadable (links shoppers buy and download)',
};

async function newProductForm(c: Context<AdminEnv>, typed: Typed = { isEnabled: 'on', type: 'simple' }, errors: Record<string, string> = {}, error?: string) {
  // Each store view sells in its own currency: the default view's price, then each other view's own.
  const views = await adminStoreViews(c.var.db);
  const prices = viewPriceLabels(views);
  const variantPrices = viewPriceLabels(views, 'Variant price');
  const problem = (name: string) => (errors[name] ? html` <strong class="error" role="alert">${errors[name]}</strong>` : '');
  const invalid = (name: string) => (errors[name] ? html`aria-invalid="true"` : '');
  /**
   * A text field, or with `step` a number from 0 in those steps (money 0.01, counts 1); with `slugFrom`,
   * admin.js fills it from that field as a URL key until the merchant types in it.
   */
  const input = (name: string, label: string, step?: '0.01' | '1', slugFrom?: string) =>
    html`<label>${label} <input name="${name}" value="${text(typed, name)}" ${invalid(name)} ${step ? html`type="number" step="${step}" min="0"` : ''} ${slugFrom ? html`data-slug-from="${slugFrom}"` : ''} /></label>${problem(name)}`;
  return renderPage(
    c,
    'New product',
    html`<form method="post" action="/admin/products/new" enctype="multipart/form-data" data-unsaved-warning>
      ${csrfField(c.var.csrfToken)}
      ${input('name', 'Name')} ${input('sku', 'SKU')}
      ${input('urlKey', 'URL key (the storefront path: lower-case words joined by "-"; filled from the name until you change it)', undefined, 'name')}
      <label>Type <select name="type" data-type-switch>
        ${Object.entries(typeLabels).map(([value, label]) => html`<option value="${value}" ${text(typed, 'type') === value ? 'selected' : ''}>${label}</option>`)}
      </select></label>
      <fieldset data-types="simple virtual downloadable giftcard"><legend>Simple, virtual and downloadable products (and a gift card's stock)</legend>
        ${input('price', prices.home, '0.01')}
        ${prices.others.map((view) => input(viewPriceField(view.code), view.label, '0.01'))}
        ${input('stockQty', 'Stock quantity', '1')}
      </fieldset>
      <fieldset data-types="downloadable"><legend>Downloadable products: the links shoppers buy</legend>
        <label for="new-links">One link a line: title | price on top of the product's, every store view (blank or 0: comes with it) | sample URL (optional), e.g. "PDF | 0" and "Audiobook | 6.50 | https://example.com/sample.mp3"</label>
        <textarea name="links" id="new-links" rows="4" ${invalid('links')}>${text(typed, 'links')}</textarea>${problem('links')}
      </fieldset>
      <fieldset data-types="giftcard"><legend>Gift cards: the amounts offered (the same in every store view)</legend>
        <label>Kind <select name="giftcard.giftcardType">
          ${['virtual', 'physical', 'combined'].map((kind) => html`<option value="${kind}" ${text(typed, 'giftcard.giftcardType') === kind ? 'selected' : ''}>${kind}</option>`)}
        </select></label>${problem('giftcard.giftcardType')}
        ${input('giftcard.amounts', 'Amounts, comma-separated (e.g. 25, 50, 100)')}
        <label><input type="checkbox" name="giftcard.allowOpenAmount" ${typed['giftcard.allowOpenAmount'] !== undefined ? 'checked' : ''} /> Shoppers may choose their own amount</label>
        ${input('giftcard.openAmountMin', 'Smallest own amount', '0.01')} ${input('giftcard.openAmountMax', 'Largest own amount', '0.01')}
      </fieldset>
      <fieldset data-types="configurable"><legend>Configurable products: the attributes shoppers choose and a first variant (add more on its page)</legend>
        ${Object.entries(configurableAttributeLabels).map(
          ([code, label]) => html`<label><input type="checkbox" name="configurableAttributes" value="${code}" ${many(typed, 'configurableAttributes').includes(code) ? 'checked' : ''} /> ${label}</label>`,
        )}${problem('configurableAttributes')}
        ${input('variant.sku', 'Variant SKU')} ${input('variant.price', variantPrices.home, '0.01')}
        ${variantPrices.others.map((view) => input(viewPriceField(view.code, 'variant.'), view.label, '0.01'))}
        ${input('variant.stockQty', 'Variant stock quantity', '1')}
        ${Object.entries(configurableAttributeLabels).map(([code, label]) => input(`variant.${code}`, `Variant ${label.toLowerCase()} (e.g. ${code === 'color' ? 'Navy' : 'M'})`))}
        ${problem('variant.attributes')}
      </fieldset>
      <fieldset data-types="grouped"><legend>Grouped products: the products it sells</legend>
        <label for="new-members">Member SKUs (simple or virtual), one a line, a quantity after it if more than one (e.g. "TEE-1 2")</label>
        <textarea name="members" id="new-members" rows="4" ${invalid('members')}>${text(typed, 'members')}</textarea>${problem('members')}
      </fieldset>
      <fieldset data-types="bundle"><legend>Bundles: the options shoppers choose from (priced and stocked by their products; an empty option is left out, more can be added on its page)</legend>
        ${bundleFieldsets(typed, errors, 3)}
      </fieldset>
      <div role="group" aria-labelledby="new-categories">
        <p id="new-categories">Categories (a category lists its subcategories' products too)</p>
        ${await categoryTreePicker(c.var.db, 'categoryIds', [typed.categoryIds ?? []].flat(), invalid('categoryIds'), { coversSubcategories: false })}
      </div>${problem('categoryIds')}
      <label for="new-description">Description (sanitised on save)</label>
      <textarea name="description" id="new-description" rows="10" data-rich-text ${invalid('description')}>${text(typed, 'description')}</textarea>${problem('description')}
      <fieldset><legend>Main image (optional; more on its page)</legend>
        <label>Image file (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 10 MB)${errors.image ? ', chosen again after a refusal' : ''} <input type="file" name="image" accept="image/*" ${invalid('image')} /></label>${problem('image')}
        <label>Alternative text (what the picture shows) <input name="imageAlt" value="${text(typed, 'imageAlt')}" maxlength="255" ${invalid('imageAlt')} /></label>${problem('imageAlt')}
      </fieldset>
      <label><input type="checkbox" name="isEnabled" ${typed.isEnabled !== undefined ? 'checked' : ''} /> Enabled</label>
      <button type="submit">Create</button> <a href="/admin/products">Cancel</a>
    </form>`,
    { error, status: error || Object.keys(errors).length > 0 ? 400 : 200 },
  );
}

/**
 * The form field a body path is typed in: the first variant's (`variants.0.attributes.size` is
 * `variant.size`), the members' textarea, or the field of the same name.
 */
function formField(path: readonly PropertyKey[]): string {
  const [head, , part, code] = path.map(String);
  if (head === 'variants' && part === 'storeOverrides' && code !== undefined) return viewPriceField(code, 'variant.');
  if (head === 'variants') return part === undefined ? 'variant.sku' : part === 'attributes' ? `variant.${code ?? 'attributes'}` : `variant.${part}`;
  if (head === 'linkedProducts') return 'members';
  if (head === 'downloadableLinks') return 'links';
  if (head === 'giftcard') return `giftcard.${String(path[1] ?? 'amounts')}`;
  if (head === 'storeOverrides' && path[1] !== undefined) return viewPriceField(String(path[1]));
  return head ?? '';
}

/** Field messages of a failed validation or of a refusal naming its field (a bundle's by the option they were typed in). */
function fieldErrors(issues: Array<{ path: readonly PropertyKey[]; message: string }>, bundle?: TypedBundle): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [field, message] = (bundle && bundleField(bundle, issue.path, issue.message)) ?? [formField(issue.path), issue.message];
    errors[field] ??= message;
  }
  return errors;
}

export const productActionPages = new Hono<AdminEnv>()
  .get('/new', (c) => newProductForm(c))
  .post('/new', async (c) => {
    const typed = (await c.req.parseBody({ all: true })) as Typed;
    const members = text(typed, 'type') === 'grouped' ? await membersOf(c.var.db, text(typed, 'members')) : [];
    if (typeof members === 'string') return newProductForm(c, typed, { members });
    const links = text(typed, 'type') === 'downloadable' ? linkLines(text(typed, 'links')) : [];
    if (typeof links === 'string') return newProductForm(c, typed, { links });
    const bundle = text(typed, 'type') === 'bundle' ? await typedBundle(c.var.db, typed) : undefined;
    if (bundle && 'errors' in bundle) return newProductForm(c, typed, bundle.errors);
    const parsed = ProductInput.safeParse({ ...bodyOf(typed, members, links), ...(bundle ? { bundleOptions: bundle.options } : {}) });
    if (!parsed.success) return newProductForm(c, typed, fieldErrors(parsed.error.issues, bundle));
    // The image chosen on the form is the new product's main picture, created with it in one
    // transaction: a file that is no image refuses the product too, everything typed kept.
    const image = typed.image instanceof File && typed.image.size > 0 ? new Uint8Array(await typed.image.arrayBuffer()) : undefined;
    const tooLong = altProblem(text(typed, 'imageAlt'));
    if (tooLong) return newProductForm(c, typed, { imageAlt: tooLong });
    const alt = text(typed, 'imageAlt').trim();
    try {
      const product = await c.var.db.transaction(async (tx) => {
        const ctx = { db: tx, notifications: c.var.notifications, actor: c.var.admin };
        const created = await createProduct(ctx, parsed.data);
        if (image) await addProductImage(ctx, created.id, image, alt, true);
        return created;
      });
      return c.redirect(`/admin/products/${product.id}?flash=created`, 303);
    } catch (error) {
      if (!(error instanceof AppError) || !['invalid', 'conflict', 'unprocessable'].includes(error.kind)) throw error;
      if (image && refusedFields(error).file) return newProductForm(c, typed, { image: `${refusedFields(error).file} Choose the file again.` });
      const fields = fieldErrors(Object.entries(refusedFields(error)).map(([name, message]) => ({ path: name.split('.'), message })), bundle);
      return Object.keys(fields).length > 0 ? newProductForm(c, typed, fields) : newProductForm(c, typed, {}, error.message);
    }
  })
  .post('/:id/images', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const body = await c.req.parseBody();
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) return c.redirect(`/admin/products/${id.data}?flash=image_missing`, 303);
    const alt = typedAlt(typeof body.alt === 'string' ? body.alt : '', 'alt');
    try {
      await addProductImage({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, new Uint8Array(await file.arrayBuffer()), alt, body.main === 'on');
    } catch (error) {
      if (!(error instanceof AppError) || error.kind === 'not_found') throw error;
      return c.redirect(`/admin/products/${id.data}?flash=${error.code === 'image_taken' ? 'image_taken' : 'image_refused'}`, 303);
    }
    return c.redirect(`/admin/products/${id.data}?flash=image_added`, 303);
  })
  // One image's form: its alternative text saved, or the image moved (first makes it the main one).
  .post('/:id/images/:imageId', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const imageId = Id.safeParse(c.req.param('imageId'));
    if (!id.success || !imageId.success) return c.notFound();
    const fields = await c.req.parseBody();
    const images = (await getAdminProduct(c.var.db, id.data)).images;
    const index = images.findIndex((image) => image.id === imageId.data);
    if (index < 0) return c.notFound();
    const moves: Record<string, number> = { first: 0, earlier: Math.max(0, index - 1), later: index + 1 };
    const position = typeof fields.move === 'string' ? moves[fields.move] : undefined;
    const alt = typeof fields.alt === 'string' && position === undefined ? typedAlt(fields.alt, 'alt') : undefined;
    await updateProductImage({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, imageId.data, { alt, position });
    return c.redirect(`/admin/products/${id.data}?flash=saved#images`, 303);
  })
  .post('/:id/images/:imageId/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const imageId = Id.safeParse(c.req.param('imageId'));
    if (!id.success || !imageId.success) return c.notFound();
    const edit = await loadProductEdit(c.var.db, id.data);
    const index = edit?.images.findIndex((image) => image.id === imageId.data) ?? -1;
    if (!edit || index < 0) return c.notFound();
    const fields = await formFields(c);
    const which = `image ${index + 1} of ${edit.product.name}`;
    if (!isConfirmed(fields)) {
      const alt = edit.images[index]!.label;
      return confirmPage(c, {
        question: `Remove ${which}?`,
        consequence: [
          `${alt ? `The picture "${alt}"` : 'The picture'} leaves the product's page and, after its sync, the storefront; this cannot be undone.`,
          index === 0 ? (edit.images.length > 1 ? 'It is the main image: the next one becomes the main image.' : 'It is the only image: shoppers see a generated picture.') : '',
        ].join(' ').trim(),
        action: `/admin/products/${id.data}/images/${imageId.data}/delete`,
        fields,
        confirmLabel: `Remove image ${index + 1}`,
        cancelHref: `/admin/products/${id.data}#images`,
      });
    }
    await removeProductImage({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, imageId.data);
    sayOutcome(c, `Removed ${which}.`);
    return c.redirect(`/admin/products/${id.data}?flash=deleted#images`, 303);
  })
  .post('/:id/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    const asked = await deleteQuestion(c.var.db, id.data);
    if (!asked) return c.notFound();
    if (!isConfirmed(fields)) return confirmPage(c, { ...asked, action: `/admin/products/${id.data}/delete`, fields, cancelHref: `/admin/products/${id.data}` });
    try {
      await deleteProduct({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return c.notFound();
      // A variant's page offers no Delete; a forged one goes back to the page unchanged.
      if (error instanceof AppError && error.code === 'is_variant') return c.redirect(`/admin/products/${id.data}`, 303);
      throw error;
    }
    sayOutcome(c, `Deleted ${asked.name}.`);
    return c.redirect('/admin/products?flash=deleted', 303);
  });
