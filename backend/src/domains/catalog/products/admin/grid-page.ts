/**
 * Catalog → Products: the grid (issue 17). Search by name or SKU; filters by type, status, stock,
 * category and price range; sortable columns (the price among them); page size; and bulk actions on
 * the rows ticked: enable, disable, put in a category, delete (no configurable's variant; those are
 * left and said so). The filters and sort are the REST list's (admin-product-filters.ts), the bulk
 * actions its bulk route's (admin-product-bulk.ts). Every change is announced, so the storefront
 * follows.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { renderPage } from '../../../../platform/admin/page.ts';
import { confirmPage, isConfirmed } from '../../../../platform/admin/confirm-step.ts';
import { gridQuery, option, PageSize, pageSizes, sortHeader } from '../../../../platform/admin/grid-query.ts';
import { pager } from '../../../../platform/admin/pager.ts';
import { categories, products, productTypes, stores, type ProductType } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import { findAdminProducts, productFilterFields, type ProductListFilter } from '../list-filters.ts';
import { applyProductBulk, ProductBulk } from '../bulk.ts';
import { derivedPriceTypes } from '../price-index.ts';
import { formatMoney } from '../../../../platform/money.ts';

/** A filter the grid cannot read is ignored (the grid answers as without it). */
const lenient = <T extends z.ZodType>(field: T) => field.or(z.literal('')).catch('');

const Filters = z.object({
  q: z.string().trim().max(100).catch(''),
  type: lenient(productFilterFields.type),
  status: lenient(productFilterFields.status),
  stock: lenient(productFilterFields.stock),
  category: lenient(productFilterFields.categoryId),
  priceFrom: lenient(productFilterFields.priceFrom),
  priceTo: lenient(productFilterFields.priceTo),
  sort: productFilterFields.sort.catch('id'),
  size: PageSize,
  page: z.coerce.number().int().min(1).catch(1),
});
type Filters = z.infer<typeof Filters>;

/** The grid's parameters as the shared builder reads them ('' is "any"). */
const listFilterOf = (filters: Filters): ProductListFilter => ({
  search: filters.q || undefined,
  type: filters.type || undefined,
  status: filters.status || undefined,
  stock: filters.stock || undefined,
  categoryId: filters.category === '' ? undefined : filters.category,
  priceFrom: filters.priceFrom === '' ? undefined : filters.priceFrom,
  priceTo: filters.priceTo === '' ? undefined : filters.priceTo,
  sort: filters.sort,
});

const defaults: Partial<Filters> = { sort: 'id', size: 50, page: 1 };
const query = (filters: Filters, change: Partial<Filters> = {}) => gridQuery(filters, defaults, change);

/** A product's price cell: its own price, or "from" the cheapest of its children or amounts. */
const priceCell = (type: ProductType, price: number | null, currency: string) => (price === null ? '—' : `${derivedPriceTypes().includes(type) ? 'from ' : ''}${formatMoney(price, currency)}`);

async function grid(c: Context<AdminEnv>, notice?: string) {
  const filters = Filters.parse(c.req.query());
  // The prices shown are the default store view's, in its currency (the admin's one money format).
  const [{ rows, total }, tree, [view]] = await Promise.all([
    findAdminProducts(c.var.db, listFilterOf(filters), { page: filters.page, itemsPerPage: filters.size }),
    c.var.db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories).orderBy(asc(categories.urlPath)),
    c.var.db.select({ currency: stores.baseCurrencyCode }).from(stores).where(eq(stores.isDefault, true)).limit(1),
  ]);
  const pages = Math.max(1, Math.ceil(total / filters.size));
  const sortLink = (key: string, label: string) => sortHeader(filters.sort, key, label, (sort) => query(filters, { sort: sort as Filters['sort'], page: 1 }));
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
        <label>Price from <input type="number" name="priceFrom" min="0" step="0.01" inputmode="decimal" value="${filters.priceFrom}" /></label>
        <label>Price to <input type="number" name="priceTo" min="0" step="0.01" inputmode="decimal" value="${filters.priceTo}" /></label>
        <label>Per page <select name="size">${pageSizes.map((size) => option(String(size), String(size), filters.size))}</select></label>
        <input type="hidden" name="sort" value="${filters.sort}" />
        <button>Search</button>
      </form>
      <p class="muted">${total} products · page ${filters.page} of ${pages}</p>
      <form method="post" action="/admin/products/bulk?${new URLSearchParams(query(filters)).toString()}">
        ${csrfField(c.var.csrfToken)}
        <div class="table-scroll"><table>
          <tr><th><span class="visually-hidden">Choose</span></th>${sortLink('sku', 'SKU')}${sortLink('name', 'Name')}<th>Type</th>${sortLink('price', 'Price')}${sortLink('stockQty', 'Stock')}<th>Status</th></tr>
          ${rows.map(
            ({ product: p, price }) =>
              html`<tr><td><input type="checkbox" name="ids" value="${p.id}" aria-label="Choose ${p.sku}" /></td><td><a href="/admin/products/${p.id}">${p.sku}</a></td><td>${p.name}</td><td>${p.type}</td><td>${priceCell(p.type, price, view?.currency ?? 'USD')}</td><td>${p.qty}</td><td>${p.isEnabled ? 'Enabled' : 'Disabled'}</td></tr>`,
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

export const productGridPages = new Hono<AdminEnv>()
  .get('/', (c) => grid(c))
  .post('/bulk', async (c) => {
    const body = await c.req.parseBody({ all: true });
    const ids = body.ids === undefined ? [] : [body.ids].flat().map(Number);
    // The category select is sent with every action; only "Put in the category" reads it.
    const categoryId = body.action === 'assign' && body.categoryId ? Number(body.categoryId) : undefined;
    const parsed = ProductBulk.safeParse({ action: body.action, ids, categoryId });
    if (!parsed.success) {
      const assignWithout = body.action === 'assign' && ids.length > 0 && parsed.error.issues.every((issue) => issue.path[0] === 'categoryId');
      return grid(c, assignWithout ? 'Choose the category to put the products in.' : 'Tick at least one product and choose an action.');
    }
    const chosen =
      parsed.data.action === 'delete' && !isConfirmed(body as Record<string, string | string[]>)
        ? await c.var.db.select({ sku: products.sku }).from(products).where(inArray(products.id, parsed.data.ids)).orderBy(asc(products.sku))
        : [];
    // Delete asks once, naming what is ticked (ids that name no product are left to the bulk service to skip).
    if (chosen.length > 0) {
      const named = chosen.slice(0, 5).map((p) => p.sku).join(', ') + (chosen.length > 5 ? ` and ${chosen.length - 5} more` : '');
      const search = new URL(c.req.url).search;
      return confirmPage(c, {
        question: `Delete ${chosen.length} ${chosen.length === 1 ? 'product' : 'products'} (${named})?`,
        consequence: "A configurable goes with its variants; a ticked variant is left (it is removed on its product's page). Orders keep their lines. The storefront stops showing them after its sync; this cannot be undone.",
        action: `/admin/products/bulk${search}`,
        fields: { ids: parsed.data.ids.map(String), action: 'delete' },
        confirmLabel: `Delete ${chosen.length} ${chosen.length === 1 ? 'product' : 'products'}`,
        cancelHref: `/admin/products${search}`,
      });
    }
    try {
      const { action, done, skipped } = await applyProductBulk({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, parsed.data);
      const left = skipped.filter((skip) => skip.reason === 'is_variant').length;
      const verb = { enable: 'enabled', disable: 'disabled', assign: 'put in the category', delete: 'deleted' }[action];
      return grid(c, `${done.length} ${done.length === 1 ? 'product' : 'products'} ${verb}.${left ? ` ${left} left: a variant is removed on its product's page.` : ''}`);
    } catch (error) {
      // The category chosen was deleted since the grid was shown.
      if (error instanceof AppError && error.kind === 'invalid') return grid(c, error.message);
      throw error;
    }
  });
