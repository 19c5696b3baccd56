import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { contentForm, savedContent, type ContentFormState, type Typed } from './content-form.ts';
import { getAdminProduct, productEtag } from '../service.ts';
import { removeVariantFromPage, saveNewVariant } from '../../product-types/configurable/admin-variant-form.ts';
import { saveAttributesFromPage } from '../../product-types/configurable/admin-attributes-form.ts';
import { configurableAttributeLabels } from '../../product-types/configurable/attributes.ts';
import { productLinks } from '../../../../platform/db/schema/index.ts';
import { productImageUrl } from '../../../media/urls.ts';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../../../platform/admin/page.ts';
import { confirmPage, isConfirmed } from '../../../../platform/admin/confirm-step.ts';
import { sayOutcome } from '../../../../platform/admin/outcome-flash.ts';
import { loadProductEdit, type ProductEdit } from './edit-data.ts';
import { mainForm } from './main-form.ts';
import { altField, saveProductPage } from './page-save.ts';

/** The product's one form: fields outside it (images' alternative texts) name it. */
const formId = 'product-form';
import { productType } from '../../product-types/registry.ts';
import type { ChildForms } from '../../product-types/admin-section.ts';

const attributeLabel = (code: string) => configurableAttributeLabels[code as keyof typeof configurableAttributeLabels] ?? code;

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A configurable's add-variant and attributes forms, below the product's one form: its type's own forms (`adminSection`). */
async function childForms(c: Context<AdminEnv>, edit: ProductEdit, refused: ChildForms) {
  return (await productType(edit.product.type).adminSection?.(c, edit, refused)) ?? '';
}

/** A grouped product's members, a bundle's options, a downloadable's links or a gift card's settings, inside the one form: its type's `adminFields`. */
async function partFields(c: Context<AdminEnv>, edit: ProductEdit, refused: ChildForms) {
  return (await productType(edit.product.type).adminFields?.render(c, edit, refused)) ?? '';
}

/** A configurable's variant is removed on its product's page, not deleted from its own. */
async function isVariant(c: Context<AdminEnv>, id: number) {
  const [link] = await c.var.db.select({ id: productLinks.productId }).from(productLinks).where(and(eq(productLinks.linkedProductId, id), eq(productLinks.linkType, 'variant')));
  return link !== undefined;
}

/**
 * The product's page: one form (its own fields, its type's part, its content, its images'
 * alternative texts) with one Save (page-save.ts); images are uploaded, moved and removed at once by
 * their own small forms, and a configurable's variants are added and its attributes changed by
 * theirs, below it. `content`: the content as typed (a refused save).
 */
async function productForm(c: Context<AdminEnv>, id: number, error?: string, content?: ContentFormState, refused: ChildForms = {}) {
  const edit = await loadProductEdit(c.var.db, id);
  if (!edit) return renderPage(c, 'Product not found', html`<p><a href="/admin/products">Back to products</a></p>`, { status: 404 });
  const { product } = edit;
  const childError = refused.main ?? refused.variant ?? refused.members ?? refused.bundle ?? refused.links ?? refused.giftcard ?? refused.attributes;
  // Someone else's newer change (or a taken SKU) is a conflict, as the API answers it.
  const conflict = refused.main?.conflict;
  const main = refused.main ?? { typed: {}, etag: productEtag(await getAdminProduct(c.var.db, id)), errors: {} };
  const alt = (image: { id: number; label: string }) => main.typed[altField(image.id)] ?? (content?.typed[altField(image.id)] as string | undefined) ?? image.label;
  return renderPage(
    c,
    `Edit ${product.sku}`,
    html`<form method="post" action="/admin/products/${product.id}" id="${formId}" data-unsaved-warning>
      ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${main.etag}" />
      ${mainForm(edit, main)}
      ${await partFields(c, edit, refused)}
      ${await contentForm(c, content ?? (await savedContent(c, product.id)))}
      <p class="muted">Images' alternative texts below are saved with the rest; uploads, moves and removals happen at once.</p>
      <button type="submit">Save</button> <a href="/admin/products">Cancel</a>
    </form>
    ${await childForms(c, edit, refused)}
    <h2 id="images">Images</h2>
    ${edit.images.length === 0 ? html`<p class="muted">No images: shoppers see a generated picture.</p>` : ''}
    <ul class="images">
      ${edit.images.map((image, index) => {
        const action = `/admin/products/${product.id}/images/${image.id}`;
        const move = (value: string, label: string, name: string) =>
          html`<button type="submit" name="move" value="${value}" form="image-${image.id}" aria-label="${name} image ${index + 1}">${label}</button>`;
        return html`<li>
          <img src="${productImageUrl(image.file)}" alt="${image.label}" width="96" height="96" loading="lazy" />
          ${index === 0 ? html`<strong>Main image.</strong>` : ''}
          <label>Alternative text <input name="${altField(image.id)}" form="${formId}" value="${alt(image)}" maxlength="255" /></label>
          <form method="post" action="${action}" id="image-${image.id}" class="inline">
            ${csrfField(c.var.csrfToken)}
            ${index > 0 ? html`${move('first', 'Make main', 'Make main:')} ${move('earlier', 'Earlier', 'Move earlier:')}` : ''}
            ${index < edit.images.length - 1 ? move('later', 'Later', 'Move later:') : ''}
          </form>
          <form method="post" action="${action}/delete">
            ${csrfField(c.var.csrfToken)}<button type="submit" class="danger" aria-label="Remove image ${index + 1}">Remove</button>
          </form>
        </li>`;
      })}
    </ul>
    <form method="post" action="/admin/products/${product.id}/images" enctype="multipart/form-data">
      ${csrfField(c.var.csrfToken)}
      <label>Image file (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 10 MB) <input type="file" name="file" accept="image/*" required /></label>
      <label>Alternative text (what the picture shows) <input name="alt" maxlength="255" /></label>
      <label><input type="checkbox" name="main" /> Make it the main image</label>
      <button type="submit">Upload</button>
    </form>
    ${!(await isVariant(c, product.id))
      ? html`<form method="post" action="/admin/products/${product.id}/delete">
          ${csrfField(c.var.csrfToken)}<button type="submit" class="danger">Delete this product${product.type === 'configurable' ? ' and its variants' : ''}</button>
        </form>`
      : ''}`,
    { error: error ?? refused.main?.error, status: conflict ? 409 : error || content || childError ? 400 : 200, storefrontSync: true },
  );
}

export const productPages = new Hono<AdminEnv>()
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    return id.success ? productForm(c, id.data) : c.notFound();
  })
  .post('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const edit = await loadProductEdit(c.var.db, id.data);
    if (!edit) return c.notFound();
    const refused = await saveProductPage(c, edit, (await c.req.parseBody({ all: true })) as Typed);
    return refused ? productForm(c, id.data, undefined, refused.content, refused.parts) : c.redirect(`/admin/products/${id.data}?flash=saved`, 303);
  })
  .post('/:id/variants', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const edit = id.success ? await loadProductEdit(c.var.db, id.data) : undefined;
    if (!edit || edit.product.type !== 'configurable') return c.notFound();
    const codes = (await getAdminProduct(c.var.db, edit.product.id)).configurableAttributes ?? [];
    const refused = await saveNewVariant(c, edit.product.id, codes, await formFields(c));
    return refused ? productForm(c, edit.product.id, undefined, undefined, { variant: refused }) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#add-variant`, 303);
  })
  .post('/:id/attributes', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const edit = id.success ? await loadProductEdit(c.var.db, id.data) : undefined;
    if (!edit || edit.product.type !== 'configurable') return c.notFound();
    const fields = await formFields(c);
    const code = fields.code ?? '';
    const codes = (await getAdminProduct(c.var.db, edit.product.id)).configurableAttributes ?? [];
    const removing = fields.action === 'remove' && codes.includes(code) && codes.length > 1;
    if (removing && !isConfirmed(fields)) {
      const label = attributeLabel(code);
      return confirmPage(c, {
        question: `Remove the attribute ${label} from ${edit.product.name}?`,
        consequence: `Shoppers stop choosing a ${label.toLowerCase()}, and each variant's ${label.toLowerCase()} value is dropped (its other values stay and must still all differ). This cannot be undone.`,
        action: `/admin/products/${edit.product.id}/attributes`,
        fields,
        confirmLabel: `Remove ${label}`,
        cancelHref: `/admin/products/${edit.product.id}#attributes`,
      });
    }
    const refused = await saveAttributesFromPage(c, edit.product.id, fields);
    if (!refused && removing) sayOutcome(c, `Removed the attribute ${attributeLabel(code)} from ${edit.product.name}.`);
    return refused ? productForm(c, edit.product.id, undefined, undefined, { attributes: refused }) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#attributes`, 303);
  })
  .post('/:id/variants/:variantId/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const variantId = Id.safeParse(c.req.param('variantId'));
    if (!id.success || !variantId.success) return c.notFound();
    const edit = await loadProductEdit(c.var.db, id.data);
    const variant = edit?.variants.find((one) => one.id === variantId.data);
    if (!edit || !variant) return c.notFound();
    const fields = await formFields(c);
    // The last variant is refused without asking: there is nothing to confirm.
    if (!isConfirmed(fields) && edit.variants.length > 1) {
      return confirmPage(c, {
        question: `Remove the variant ${variant.sku} (${variant.label}) of ${edit.product.name}?`,
        consequence: `Shoppers can no longer choose ${variant.label}; orders that have it keep their lines. This cannot be undone.`,
        action: `/admin/products/${id.data}/variants/${variantId.data}/delete`,
        fields,
        confirmLabel: `Remove ${variant.sku}`,
        cancelHref: `/admin/products/${id.data}`,
      });
    }
    const refused = await removeVariantFromPage(c, id.data, variantId.data);
    if (refused) return productForm(c, id.data, refused);
    sayOutcome(c, `Removed the variant ${variant.sku} (${variant.label}).`);
    return c.redirect(`/admin/products/${id.data}?flash=deleted`, 303);
  });
