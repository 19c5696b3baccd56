import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { productEtag } from '../service.ts';
import { removeVariantFromPage } from '../../product-types/configurable/admin-variant-form.ts';
import { productLinks } from '../../../../platform/db/schema/index.ts';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { renderPage } from '../../../../platform/admin/page.ts';
import { loadProductEdit, type ProductEdit } from './edit-data.ts';
import { productForm, saveProductForm, type Typed } from './product-form.ts';
import { productType } from '../../product-types/registry.ts';
import type { ChildForms } from '../../product-types/admin-section.ts';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A configurable's add-variant form, a grouped product's members, a bundle's options, a downloadable's links or a gift card's settings, below the main form: its type's `adminSection`. */
function childForms(c: Context<AdminEnv>, edit: ProductEdit, refused: ChildForms) {
  return productType(edit.product.type).adminSection?.(c, edit, refused) ?? '';
}

/** A configurable's variant is removed on its product's page, not deleted from its own. */
async function isVariant(c: Context<AdminEnv>, id: number) {
  const [link] = await c.var.db.select({ id: productLinks.productId }).from(productLinks).where(and(eq(productLinks.linkedProductId, id), eq(productLinks.linkType, 'variant')));
  return link !== undefined;
}

async function productPage(c: Context<AdminEnv>, id: number, error?: string, refused: ChildForms = {}) {
  const edit = await loadProductEdit(c.var.db, id);
  if (!edit) return renderPage(c, 'Product not found', html`<p><a href="/admin/products">Back to products</a></p>`, { status: 404 });
  const { product } = edit;
  const childError = refused.main ?? refused.variant ?? refused.members ?? refused.bundle ?? refused.links ?? refused.giftcard ?? refused.attributes;
  // Someone else's newer change (or a taken SKU) is a conflict, as the API answers it.
  const conflict = refused.main?.conflict || refused.members?.conflict;
  const main = refused.main ?? { typed: {}, etag: productEtag(product), errors: {} };
  return renderPage(
    c,
    `Edit ${product.sku}`,
    html`${await productForm(c, edit, main)}
    ${childForms(c, edit, refused)}
    ${!(await isVariant(c, product.id))
      ? html`<form method="post" action="/admin/products/${product.id}/delete">
          ${csrfField(c.var.csrfToken)}<button type="submit" class="danger">Delete this product${product.type === 'configurable' ? ' and its variants' : ''}</button>
        </form>`
      : ''}`,
    { error: error ?? refused.main?.error, status: conflict ? 409 : error || childError ? 400 : 200, storefrontSync: true },
  );
}

export const productPages = new Hono<AdminEnv>()
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    return id.success ? productPage(c, id.data) : c.notFound();
  })
  .post('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const edit = await loadProductEdit(c.var.db, id.data);
    if (!edit) return c.notFound();
    const refused = await saveProductForm(c, edit, (await c.req.parseBody({ all: true })) as Typed);
    return refused ? productPage(c, id.data, undefined, { main: refused }) : c.redirect(`/admin/products/${id.data}?flash=saved`, 303);
  })
  .post('/:id/variants/:variantId/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const variantId = Id.safeParse(c.req.param('variantId'));
    if (!id.success || !variantId.success) return c.notFound();
    const refused = await removeVariantFromPage(c, id.data, variantId.data);
    return refused ? productPage(c, id.data, refused) : c.redirect(`/admin/products/${id.data}?flash=deleted`, 303);
  })
  // A type section's form (a configurable's new variant, a grouped product's members…): posted to a
  // path its type declares (registry.ts `adminPosts`); another type's product has no such form.
  .post('/:id/:part', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const edit = id.success ? await loadProductEdit(c.var.db, id.data) : undefined;
    const part = edit && productType(edit.product.type).adminPosts?.[c.req.param('part')];
    if (!edit || !part) return c.notFound();
    const refused = await part.save(c, edit);
    return refused ? productPage(c, edit.product.id, undefined, refused) : c.redirect(`/admin/products/${edit.product.id}?flash=saved#${part.anchor}`, 303);
  });
