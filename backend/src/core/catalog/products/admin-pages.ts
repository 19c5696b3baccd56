import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { contentForm, saveContent, savedContent, type ContentFormState, type Typed } from './admin-content-form.ts';
import { getAdminProduct } from './admin.ts';
import { membersForm, membersText, saveMembers, type MembersFormState } from './admin-members-form.ts';
import { bundleSection, saveBundle, savedBundle, type BundleFormState } from './admin-bundle-form.ts';
import { linksForm, saveLinks, savedLinks, type LinksFormState } from './admin-links-form.ts';
import { giftcardForm, saveGiftcard, savedGiftcard, type GiftcardFormState } from './admin-giftcard-form.ts';
import { addVariantForm, removeVariantForms, removeVariantFromPage, saveNewVariant, type VariantFormState } from './admin-variant-form.ts';
import { attributesSection, saveAttributesFromPage, type AttributesFormState } from './admin-attributes-form.ts';
import { productLinks } from '../../db/schema/index.ts';
import { productImageUrl } from '../../media/urls.ts';
import type { AdminEnv } from '../../admin/admin-env.ts';
import { csrfField } from '../../admin/layout.ts';
import { formFields, renderPage } from '../../admin/page.ts';
import { loadProductEdit, parseProductChanges, pricedBySelf, saveProductChanges, type ProductEdit, type StorePrice } from './admin-edit-data.ts';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

const money = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));

/** Price and special price inputs of one product in one store view (`prefix` names a variant's). */
function priceInputs(prefix: string, p: StorePrice, label: string) {
  return html`<label>${label} price, ${p.storeName} (${p.currency}) <input name="${prefix}price_${p.storeId}" type="number" step="0.01" min="0" value="${money(p.price)}" required /></label>
    <label>${label} special price, ${p.storeName} (${p.currency}) <input name="${prefix}special_${p.storeId}" type="number" step="0.01" min="0" value="${money(p.specialPrice)}" placeholder="none" /></label>`;
}

/** The days the special price applies, in every store view (its own time zone); blank: open on that side. */
function specialDays(edit: ProductEdit) {
  const [first] = edit.prices;
  return html`<fieldset><legend>Special price applies (both days included; blank: no limit)</legend>
    <label>From <input name="special_from" type="date" value="${first?.specialPriceFrom ?? ''}" /></label>
    <label>To <input name="special_to" type="date" value="${first?.specialPriceTo ?? ''}" /></label>
  </fieldset>`;
}

/** What a refused grid save typed, and the day fields it refused with their messages. */
interface GridState {
  typed: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * A configurable's variants: each row's price and special price per store view, the days its special
 * price applies (every view's), stock and status; a refused save shows what was typed.
 */
function variantsGrid(edit: ProductEdit, refused?: GridState) {
  const typed = (name: string, saved: string) => refused?.typed[name] ?? saved;
  const day = (v: ProductEdit['variants'][number], side: 'from' | 'to') => {
    const name = `variant_${v.id}_special_${side}`;
    const message = refused?.errors[name];
    const saved = (side === 'from' ? v.prices[0]?.specialPriceFrom : v.prices[0]?.specialPriceTo) ?? '';
    return html`<td><input aria-label="${v.sku} special price ${side}" name="${name}" type="date" value="${typed(name, saved)}" ${message ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''} />${message
      ? html`<strong class="error" id="${name}-error" role="alert">${message}</strong>`
      : ''}</td>`;
  };
  return html`<h2>Variants</h2>
    <table class="variants">
      <tr><th>SKU</th><th>Options</th>${edit.prices.map((p) => html`<th>Price, ${p.storeName} (${p.currency})</th><th>Special, ${p.storeName}</th>`)}<th>Special from</th><th>Special to</th><th>Stock</th><th>Status</th><th>Remove</th></tr>
      ${edit.variants.map((v) => {
        const enabled = typed(`variant_${v.id}_enabled`, v.isEnabled ? '1' : '0') === '1';
        return html`<tr data-variant="${v.sku}"><td>${v.sku}</td><td>${v.label}</td>${v.prices.map(
          (p) => html`<td><input aria-label="${v.sku} price, ${p.storeName}" name="variant_${v.id}_price_${p.storeId}" type="number" step="0.01" min="0" value="${typed(`variant_${v.id}_price_${p.storeId}`, money(p.price))}" required /></td>
              <td><input aria-label="${v.sku} special price, ${p.storeName}" name="variant_${v.id}_special_${p.storeId}" type="number" step="0.01" min="0" value="${typed(`variant_${v.id}_special_${p.storeId}`, money(p.specialPrice))}" placeholder="none" /></td>`,
        )}${day(v, 'from')}${day(v, 'to')}<td><input aria-label="${v.sku} stock" name="variant_${v.id}_qty" type="number" min="0" step="1" value="${typed(`variant_${v.id}_qty`, String(v.qty))}" required /></td>
            <td><select aria-label="${v.sku} status" name="variant_${v.id}_enabled"><option value="1" ${enabled ? 'selected' : ''}>Enabled</option><option value="0" ${enabled ? '' : 'selected'}>Disabled</option></select></td>
            <td><button type="submit" class="danger" form="remove-variant-${v.id}" aria-label="Remove variant ${v.sku}">Remove</button></td></tr>`;
      })}
    </table>`;
}

/** The figures derived from parts or amounts, shown so the admin sees what shoppers see. */
function derivedPrices(edit: ProductEdit) {
  const source = edit.product.type === 'configurable' ? 'its variants' : edit.product.type === 'giftcard' ? 'its amounts' : 'the products it sells';
  return html`<p class="muted">Prices are derived from ${source} on save:
    ${edit.prices.map((p) => html`<span data-derived-price="${p.storeId}">${p.storeName}: from ${money(p.minimalPrice)} ${p.currency}</span> `)}</p>`;
}

/** What a refused child form typed, to show again. */
interface ChildForms {
  variant?: VariantFormState;
  members?: MembersFormState;
  bundle?: BundleFormState;
  links?: LinksFormState;
  giftcard?: GiftcardFormState;
  attributes?: AttributesFormState;
  grid?: GridState;
}

/** A configurable's add-variant form, a grouped product's members, a bundle's options, a downloadable's links or a gift card's settings, below the main form. */
async function childForms(c: Context<AdminEnv>, edit: ProductEdit, refused: ChildForms) {
  const { product } = edit;
  if (product.type === 'configurable') {
    const admin = await getAdminProduct(c.var.db, product.id);
    return html`${removeVariantForms(c, product.id, edit.variants)}${addVariantForm(c, product.id, admin.configurableAttributes ?? [], refused.variant)}${attributesSection(c, admin, refused.attributes)}`;
  }
  if (product.type === 'grouped') {
    const members = (await getAdminProduct(c.var.db, product.id)).linkedProducts ?? [];
    return membersForm(c, product.id, refused.members ?? { typed: membersText(members) });
  }
  if (product.type === 'bundle') return bundleSection(c, product.id, refused.bundle ?? savedBundle(await getAdminProduct(c.var.db, product.id)));
  if (product.type === 'downloadable') return linksForm(c, product.id, refused.links ?? (await savedLinks(c, product.id)));
  if (product.type === 'giftcard') return giftcardForm(c, product.id, refused.giftcard ?? (await savedGiftcard(c, product.id)));
  return '';
}

/** A configurable's variant is removed on its product's page, not deleted from its own. */
async function isVariant(c: Context<AdminEnv>, id: number) {
  const [link] = await c.var.db.select({ id: productLinks.productId }).from(productLinks).where(and(eq(productLinks.linkedProductId, id), eq(productLinks.linkType, 'variant')));
  return link !== undefined;
}

async function productForm(c: Context<AdminEnv>, id: number, error?: string, content?: ContentFormState, refused: ChildForms = {}) {
  const edit = await loadProductEdit(c.var.db, id);
  if (!edit) return renderPage(c, 'Product not found', html`<p><a href="/admin/products">Back to products</a></p>`, { status: 404 });
  const { product } = edit;
  const childError = refused.variant ?? refused.members ?? refused.bundle ?? refused.links ?? refused.giftcard ?? refused.attributes ?? refused.grid;
  return renderPage(
    c,
    `Edit ${product.sku}`,
    html`<form method="post" action="/admin/products/${product.id}" data-unsaved-warning>
      ${csrfField(c.var.csrfToken)}
      <label>Name <input name="name" value="${product.name}" required /></label>
      ${pricedBySelf(product) ? html`${edit.prices.map((p) => priceInputs('', p, ''))}${specialDays(edit)}` : derivedPrices(edit)}
      <label>Weight, kg (blank: not given) <input name="weight" inputmode="decimal" pattern="[0-9]+([.,][0-9]{1,3})?" value="${product.weight ?? ''}" /></label>
      ${product.type === 'configurable'
        ? html`<p class="muted">Stock: ${product.qty} (the sum of the variants')</p>`
        : html`<label>Stock quantity <input name="qty" type="number" min="0" step="1" value="${product.qty}" required /></label>`}
      <label>Status <select name="enabled"><option value="1" ${product.isEnabled ? 'selected' : ''}>Enabled</option><option value="0" ${product.isEnabled ? '' : 'selected'}>Disabled</option></select></label>
      ${product.type === 'configurable' ? variantsGrid(edit, refused.grid) : ''}
      <button type="submit">Save</button> <a href="/admin/products">Cancel</a>
    </form>
    ${await childForms(c, edit, refused)}
    ${contentForm(c, product.id, content ?? (await savedContent(c, product.id)))}
    <h2 id="images">Images</h2>
    ${edit.images.length === 0 ? html`<p class="muted">No images: shoppers see a generated picture.</p>` : ''}
    <ul class="images">
      ${edit.images.map((image, index) => {
        const action = `/admin/products/${product.id}/images/${image.id}`;
        const move = (value: string, label: string, name: string) =>
          html`<button type="submit" name="move" value="${value}" form="image-${image.id}" aria-label="${name} image ${index + 1}">${label}</button>`;
        return html`<li>
          <img src="${productImageUrl(image.file)}" alt="${image.label}" width="96" height="96" loading="lazy" />
          <form method="post" action="${action}" id="image-${image.id}">
            ${csrfField(c.var.csrfToken)}
            ${index === 0 ? html`<strong>Main image.</strong>` : ''}
            <label>Alternative text <input name="alt" value="${image.label}" maxlength="255" /></label>
            <button type="submit">Save text</button>
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
    { error, status: error || content || childError ? 400 : 200, storefrontSync: true },
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
    const fields = await formFields(c);
    const changes = parseProductChanges(edit, fields);
    if (typeof changes === 'string') return productForm(c, id.data, changes);
    if ('fields' in changes) return productForm(c, id.data, 'Check the variants\' special price days marked below.', undefined, { grid: { typed: fields, errors: changes.fields } });
    await c.var.db.transaction(async (tx) => {
      const others = await saveProductChanges(tx, edit, changes);
      for (const productId of [id.data, ...others]) await c.var.notifications.publish(tx, 'catalog_product_saved', { productId });
    });
    return c.redirect(`/admin/products/${id.data}?flash=saved`, 303);
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
    const refused = await saveAttributesFromPage(c, edit.product.id, await formFields(c));
    return refused ? productForm(c, edit.product.id, undefined, undefined, { attributes: refused }) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#attributes`, 303);
  })
  .post('/:id/variants/:variantId/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const variantId = Id.safeParse(c.req.param('variantId'));
    if (!id.success || !variantId.success) return c.notFound();
    const refused = await removeVariantFromPage(c, id.data, variantId.data);
    return refused ? productForm(c, id.data, refused) : c.redirect(`/admin/products/${id.data}?flash=deleted`, 303);
  })
  .post('/:id/members', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const edit = id.success ? await loadProductEdit(c.var.db, id.data) : undefined;
    if (!edit || edit.product.type !== 'grouped') return c.notFound();
    const refused = await saveMembers(c, edit.product.id, (await formFields(c)).members ?? '');
    return refused ? productForm(c, edit.product.id, undefined, undefined, { members: refused }) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#members`, 303);
  })
  .post('/:id/bundle-options', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const edit = id.success ? await loadProductEdit(c.var.db, id.data) : undefined;
    if (!edit || edit.product.type !== 'bundle') return c.notFound();
    const refused = await saveBundle(c, await getAdminProduct(c.var.db, edit.product.id), (await c.req.parseBody({ all: true })) as Typed);
    return refused ? productForm(c, edit.product.id, undefined, undefined, { bundle: refused }) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#bundle-options`, 303);
  })
  .post('/:id/links', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const edit = id.success ? await loadProductEdit(c.var.db, id.data) : undefined;
    if (!edit || edit.product.type !== 'downloadable') return c.notFound();
    const fields = await formFields(c);
    const refused = await saveLinks(c, edit.product.id, fields.links ?? '', fields._etag ?? '');
    return refused ? productForm(c, edit.product.id, undefined, undefined, { links: refused }) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#links`, 303);
  })
  .post('/:id/giftcard', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const edit = id.success ? await loadProductEdit(c.var.db, id.data) : undefined;
    if (!edit || edit.product.type !== 'giftcard') return c.notFound();
    const refused = await saveGiftcard(c, edit.product.id, await formFields(c));
    return refused ? productForm(c, edit.product.id, undefined, undefined, { giftcard: refused }) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#giftcard`, 303);
  })
  .post('/:id/content', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success || !(await loadProductEdit(c.var.db, id.data))) return c.notFound();
    const refused = await saveContent(c, id.data, (await c.req.parseBody({ all: true })) as Typed);
    return refused ? productForm(c, id.data, undefined, refused) : c.redirect(`/admin/products/${id.data}?flash=saved#content`, 303);
  });
