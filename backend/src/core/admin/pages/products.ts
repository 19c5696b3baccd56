import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { productPrices, products, stores } from '../../db/schema/index.ts';
import type { AdminEnv } from '../admin-env.ts';
import { csrfField } from '../layout.ts';
import { formFields, renderPage } from '../page.ts';
import { pager } from '../pager.ts';

const pageSize = 50;
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const Money = z.coerce.number().min(0).max(9_999_999_999);

const ProductForm = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(255),
  qty: z.coerce.number().int().min(0, 'Stock cannot be negative.').max(1_000_000_000),
  enabled: z.enum(['1', '0']),
});

/** Types whose minimalPrice is their own final price (configurables take theirs from variants). */
const ownPriced = new Set(['simple', 'virtual', 'downloadable']);

async function productForm(c: Context<AdminEnv>, id: number, error?: string) {
  const [product] = await c.var.db.select().from(products).where(eq(products.id, id));
  if (!product) return renderPage(c, 'Product not found', html`<p><a href="/admin/products">Back to products</a></p>`, { status: 404 });
  const prices = await c.var.db
    .select({ storeId: stores.id, storeName: stores.name, currency: stores.baseCurrencyCode, price: productPrices.price })
    .from(productPrices)
    .innerJoin(stores, eq(stores.id, productPrices.storeId))
    .where(eq(productPrices.productId, id))
    .orderBy(asc(stores.position));
  return renderPage(
    c,
    `Edit ${product.sku}`,
    html`<form method="post" action="/admin/products/${product.id}">
      ${csrfField(c.var.csrfToken)}
      <label>Name <input name="name" value="${product.name}" required /></label>
      ${prices.map((p) => html`<label>Price, ${p.storeName} (${p.currency}) <input name="price_${p.storeId}" type="number" step="0.01" min="0" value="${p.price.toFixed(2)}" required /></label>`)}
      <label>Stock quantity <input name="qty" type="number" min="0" step="1" value="${product.qty}" required /></label>
      <label>Status <select name="enabled"><option value="1" ${product.isEnabled ? 'selected' : ''}>Enabled</option><option value="0" ${product.isEnabled ? '' : 'selected'}>Disabled</option></select></label>
      <button type="submit">Save</button> <a href="/admin/products">Cancel</a>
    </form>`,
    { error, status: error ? 400 : 200 },
  );
}

export const productPages = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const where = q ? or(ilike(products.name, `%${q}%`), ilike(products.sku, `%${q}%`)) : undefined;
    const [rows, [total]] = await Promise.all([
      c.var.db.select().from(products).where(where).orderBy(asc(products.id)).limit(pageSize).offset((page - 1) * pageSize),
      c.var.db.select({ n: count() }).from(products).where(where),
    ]);
    const pages = Math.max(1, Math.ceil((total?.n ?? 0) / pageSize));
    return renderPage(
      c,
      'Products',
      html`<form method="get"><input name="q" value="${q}" placeholder="Name or SKU" aria-label="Search products" /> <button>Search</button></form>
        <p class="muted">${total?.n ?? 0} products · page ${page} of ${pages}</p>
        <table>
          <tr><th>SKU</th><th>Name</th><th>Type</th><th>Stock</th><th>Status</th></tr>
          ${rows.map(
            (p) =>
              html`<tr><td><a href="/admin/products/${p.id}">${p.sku}</a></td><td>${p.name}</td><td>${p.type}</td><td>${p.qty}</td><td>${p.isEnabled ? 'Enabled' : 'Disabled'}</td></tr>`,
          )}
        </table>
        ${pager(page, pages, { q })}`,
    );
  })
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    return id.success ? productForm(c, id.data) : c.notFound();
  })
  .post('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    const parsed = ProductForm.safeParse(fields);
    const priceEntries = Object.entries(fields).filter(([key]) => /^price_\d+$/.test(key));
    const prices = priceEntries.map(([key, value]) => ({ storeId: Number(key.slice(6)), price: Money.safeParse(value) }));
    const badPrice = prices.find((p) => !p.price.success);
    if (!parsed.success || badPrice) return productForm(c, id.data, parsed.success ? 'Prices must be numbers of 0 or more.' : (parsed.error.issues[0]?.message ?? 'Check the form.'));
    const { name, qty, enabled } = parsed.data;
    const [product] = await c.var.db.select({ type: products.type }).from(products).where(eq(products.id, id.data));
    if (!product) return c.notFound();
    await c.var.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ name, qty, isEnabled: enabled === '1', stockStatus: qty > 0 ? 'in_stock' : 'out_of_stock', updatedAt: new Date() })
        .where(eq(products.id, id.data));
      for (const { storeId, price } of prices) {
        if (!price.success) continue;
        await tx
          .update(productPrices)
          .set({
            price: price.data,
            // Keep the price index right for products priced by themselves.
            ...(ownPriced.has(product.type) ? { minimalPrice: sql`least(${price.data}, coalesce(${productPrices.specialPrice}, ${price.data}))` } : {}),
          })
          .where(and(eq(productPrices.productId, id.data), eq(productPrices.storeId, storeId)));
      }
      await c.var.notifications.publish(tx, 'catalog_product_saved', { productId: id.data });
    });
    return c.redirect(`/admin/products/${id.data}?flash=saved`, 303);
  });
