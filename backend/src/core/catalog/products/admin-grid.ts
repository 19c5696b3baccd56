/**
 * Catalog → Products: the grid (issue 17). Search by name or SKU; filters by type, status, stock
 * and category; sortable columns; page size; and bulk actions on the rows ticked: enable, disable,
 * put in a category, delete (no configurable's variant; those are left and said so). Every
 * change is announced, so the storefront follows.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../admin/admin-env.ts';
import { csrfField } from '../../admin/layout.ts';
import { renderPage } from '../../admin/page.ts';
import { gridQuery, option, PageSize, pageSizes, sortHeader } from '../../admin/grid-query.ts';
import { pager } from '../../admin/pager.ts';
import { recordAudit } from '../../audit/service.ts';
import type { Db } from '../../db/database.ts';
import { categories, productCategories, products, productTypes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { deleteProduct } from './admin.ts';

const Filters = z.object({
  q: z.string().trim().max(100).catch(''),
  type: z.enum(productTypes).or(z.literal('')).catch(''),
  status: z.enum(['enabled', 'disabled', '']).catch(''),
  stock: z.enum(['in_stock', 'out_of_stock', '']).catch(''),
  category: z.coerce.number().int().min(1).max(2_147_483_647).or(z.literal('')).catch(''),
  sort: z.enum(['id', 'sku', 'name', 'qty', '-id', '-sku', '-name', '-qty']).catch('id'),
  size: PageSize,
  page: z.coerce.number().int().min(1).catch(1),
});
type Filters = z.infer<typeof Filters>;

const sortColumns = { id: products.id, sku: products.sku, name: products.name, qty: products.qty };

function whereOf(db: Db, filters: Filters): SQL | undefined {
  const like = `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return and(
    filters.q ? or(ilike(products.name, like), ilike(products.sku, like)) : undefined,
    filters.type ? eq(products.type, filters.type) : undefined,
    filters.status ? eq(products.isEnabled, filters.status === 'enabled') : undefined,
    filters.stock ? eq(products.stockStatus, filters.stock) : undefined,
    filters.category === '' ? undefined : inArray(products.id, db.select({ id: productCategories.productId }).from(productCategories).where(eq(productCategories.categoryId, filters.category))),
  );
}

const defaults: Partial<Filters> = { sort: 'id', size: 50, page: 1 };
const query = (filters: Filters, change: Partial<Filters> = {}) => gridQuery(filters, defaults, change);

async function grid(c: Context<AdminEnv>, notice?: string) {
  const filters = Filters.parse(c.req.query());
  const where = whereOf(c.var.db, filters);
  const column = sortColumns[filters.sort.replace('-', '') as keyof typeof sortColumns];
  const [rows, [total], tree] = await Promise.all([
    c.var.db
      .select()
      .from(products)
      .where(where)
      .orderBy(filters.sort.startsWith('-') ? desc(column) : asc(column), asc(products.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    c.var.db.select({ n: count() }).from(products).where(where),
    c.var.db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories).orderBy(asc(categories.urlPath)),
  ]);
  const pages = Math.max(1, Math.ceil((total?.n ?? 0) / filters.size));
  const sortLink = (key: keyof typeof sortColumns, label: string) => sortHeader(filters.sort, key, label, (sort) => query(filters, { sort: sort as Filters['sort'], page: 1 }));
  const categoryOptions = tree.map((row) => option(String(row.id), `/${row.urlPath}`, filters.category));
  return renderPage(
    c,
    'Products',
    html`<p><a href="/admin/products/new">New product</a> · <a href="/admin/products/import">Import CSV</a> · <a href="/admin/products/export.csv">Export CSV</a></p>
      ${notice ? html`<p class="flash" role="status">${notice}</p>` : ''}
      <form method="get" class="filters">
        <input name="q" value="${filters.q}" placeholder="Name or SKU" aria-label="Search products" />
        <label>Type <select name="type">${option('', 'Any', filters.type)}${productTypes.map((type) => option(type, type, filters.type))}</select></label>
        <label>Status <select name="status">${option('', 'Any', filters.status)}${option('enabled', 'Enabled', filters.status)}${option('disabled', 'Disabled', filters.status)}</select></label>
        <label>Stock <select name="stock">${option('', 'Any', filters.stock)}${option('in_stock', 'In stock', filters.stock)}${option('out_of_stock', 'Out of stock', filters.stock)}</select></label>
        <label>Category (directly in it) <select name="category">${option('', 'Any', filters.category)}${categoryOptions}</select></label>
        <label>Per page <select name="size">${pageSizes.map((size) => option(String(size), String(size), filters.size))}</select></label>
        <input type="hidden" name="sort" value="${filters.sort}" />
        <button>Search</button>
      </form>
      <p class="muted">${total?.n ?? 0} products · page ${filters.page} of ${pages}</p>
      <form method="post" action="/admin/products/bulk?${new URLSearchParams(query(filters)).toString()}">
        ${csrfField(c.var.csrfToken)}
        <div class="table-scroll"><table>
          <tr><th><span class="visually-hidden">Choose</span></th>${sortLink('sku', 'SKU')}${sortLink('name', 'Name')}<th>Type</th>${sortLink('qty', 'Stock')}<th>Status</th></tr>
          ${rows.map(
            (p) =>
              html`<tr><td><input type="checkbox" name="ids" value="${p.id}" aria-label="Choose ${p.sku}" /></td><td><a href="/admin/products/${p.id}">${p.sku}</a></td><td>${p.name}</td><td>${p.type}</td><td>${p.qty}</td><td>${p.isEnabled ? 'Enabled' : 'Disabled'}</td></tr>`,
          )}
        </table></div>
        <label>With the products ticked <select name="action" required>
          <option value="">Choose an action</option>
          <option value="enable">Enable</option>
          <option value="disable">Disable</option>
          <option value="assign">Put in the category</option>
          <option value="delete">Delete (not variants)</option>
        </select></label>
        <label>Category (for "Put in the category") <select name="categoryId"><option value="">(none)</option>${tree.map((row) => html`<option value="${row.id}">/${row.urlPath}</option>`)}</select></label>
        <button type="submit">Apply</button>
      </form>
      ${pager(filters.page, pages, query(filters))}`,
    { storefrontSync: true },
  );
}

const Bulk = z.object({
  action: z.enum(['enable', 'disable', 'assign', 'delete']),
  ids: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).min(1).max(500),
  categoryId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const productGridPages = new Hono<AdminEnv>()
  .get('/', (c) => grid(c))
  .post('/bulk', async (c) => {
    const body = await c.req.parseBody({ all: true });
    const ids = body.ids === undefined ? [] : [body.ids].flat();
    const parsed = Bulk.safeParse({ action: body.action, ids, categoryId: body.categoryId || undefined });
    if (!parsed.success) return grid(c, 'Tick at least one product and choose an action.');
    const { action, categoryId } = parsed.data;
    const chosen = [...new Set(parsed.data.ids)];
    const ctx = { db: c.var.db, notifications: c.var.notifications, actor: c.var.admin };
    let done = 0;
    let skipped = 0;
    if (action === 'delete') {
      const rows = await c.var.db.select({ id: products.id }).from(products).where(inArray(products.id, chosen));
      for (const row of rows) {
        try {
          await deleteProduct(ctx, row.id);
          done++;
        } catch (error) {
          // A variant ticked with its configurable is already gone with it.
          if (error instanceof AppError && error.kind === 'not_found') continue;
          if (!(error instanceof AppError && error.code === 'is_variant')) throw error;
          skipped++;
        }
      }
    } else {
      if (action === 'assign' && categoryId === undefined) return grid(c, 'Choose the category to put the products in.');
      await c.var.db.transaction(async (tx) => {
        const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, chosen));
        const foundIds = found.map((row) => row.id);
        if (foundIds.length === 0) return;
        if (action === 'assign') await tx.insert(productCategories).values(foundIds.map((productId) => ({ categoryId: categoryId!, productId, position: 0 }))).onConflictDoNothing();
        else await tx.update(products).set({ isEnabled: action === 'enable', updatedAt: new Date() }).where(inArray(products.id, foundIds));
        for (const productId of foundIds) {
          await recordAudit(tx, { actor: c.var.admin, module: 'core', action: `product.bulk_${action}`, subject: `product:${productId}` });
          await c.var.notifications.publish(tx, 'catalog_product_saved', { productId });
        }
        done = foundIds.length;
      });
    }
    const notice = `${done} ${done === 1 ? 'product' : 'products'} ${{ enable: 'enabled', disable: 'disabled', assign: 'put in the category', delete: 'deleted' }[action]}.${skipped ? ` ${skipped} left: a variant is removed on its product's page.` : ''}`;
    return grid(c, notice);
  });
