/**
 * What products are listed by in the admin (issue 17, DECISIONS.md 42): the products grid
 * (admin-grid.ts) and `GET /api/rest/v2/admin/products` (service.ts) filter and sort with this one
 * builder, so the page and the API always answer alike. The grid ignores a value it cannot read;
 * the API refuses it (400 by the query field): both read the values these schemas accept.
 *
 * The price is the default store view's: a product priced by itself shows its price, one priced by
 * its children or amounts (price-index.ts `derivedPriceTypes`) its derived "from" price
 * (`minimalPrice`). The price filters and the price sort read that same figure.
 */
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../../platform/db/database.ts';
import { productCategories, productPrices, products, productTypes, stores, type ProductType } from '../../../platform/db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { derivedPriceTypes } from './price-index.ts';

/** The columns a list sorts by; `-` before one: descending. Ties go by id. */
export const productSorts = ['id', 'sku', 'name', 'stockQty', 'price', 'updatedAt'] as const;
type SortKey = (typeof productSorts)[number];
const sortValues = productSorts.flatMap((key) => [key, `-${key}`]) as [SortKey | `-${SortKey}`, ...Array<SortKey | `-${SortKey}`>];
export type ProductSort = (typeof sortValues)[number];

/** A price typed in a filter: up to 99,999,999.99, at most two decimals (as prices are kept). */
const PriceBound = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, 'A price: digits, at most two decimals.')
  .transform(Number);
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** Each filter's accepted values (the page makes each optional and lenient, the API optional). */
export const productFilterFields = {
  type: z.enum(productTypes),
  status: z.enum(['enabled', 'disabled']),
  stock: z.enum(['in_stock', 'out_of_stock']),
  categoryId: Id,
  priceFrom: PriceBound,
  priceTo: PriceBound,
  sort: z.enum(sortValues),
};

export interface ProductListFilter {
  /** Part of the name or SKU, any case. */
  search?: string;
  sku?: string;
  urlKey?: string;
  type?: ProductType;
  status?: 'enabled' | 'disabled';
  stock?: 'in_stock' | 'out_of_stock';
  /** Products assigned to this category itself (not its subcategories). */
  categoryId?: number;
  /** Both inclusive, on the price shown (`listedPrice`). */
  priceFrom?: number;
  priceTo?: number;
  sort?: ProductSort;
}

/**
 * The price a list shows, filters and sorts by: null when the product has no price in the default
 * view. Built per query: the types' rules are read from their registry, which is not complete while
 * modules are still being imported.
 */
export const listedPrice = () =>
  sql<number | null>`case when ${inArray(products.type, derivedPriceTypes())} then ${productPrices.minimalPrice} else ${productPrices.price} end`.mapWith(productPrices.price);

const sortColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  stockQty: products.qty,
  updatedAt: products.updatedAt,
} satisfies Record<Exclude<SortKey, 'price'>, unknown>;

function whereOf(db: Db, filter: ProductListFilter): SQL | undefined {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  return and(
    like ? or(ilike(products.name, like), ilike(products.sku, like)) : undefined,
    filter.sku ? eq(products.sku, filter.sku) : undefined,
    filter.urlKey ? eq(products.urlKey, filter.urlKey) : undefined,
    filter.type ? eq(products.type, filter.type) : undefined,
    filter.status ? eq(products.isEnabled, filter.status === 'enabled') : undefined,
    filter.stock ? eq(products.stockStatus, filter.stock) : undefined,
    filter.categoryId === undefined
      ? undefined
      : inArray(products.id, db.select({ id: productCategories.productId }).from(productCategories).where(eq(productCategories.categoryId, filter.categoryId))),
    filter.priceFrom === undefined ? undefined : gte(listedPrice(), filter.priceFrom),
    filter.priceTo === undefined ? undefined : lte(listedPrice(), filter.priceTo),
  );
}

function orderOf(sort: ProductSort = 'id'): SQL[] {
  const descending = sort.startsWith('-');
  const key = sort.replace('-', '') as SortKey;
  // Products without a price in the default view come last both ways.
  const first = key === 'price' ? sql`${listedPrice()} ${sql.raw(descending ? 'desc' : 'asc')} nulls last` : (descending ? desc : asc)(sortColumns[key as keyof typeof sortColumns]);
  return [first, asc(products.id)];
}

/** A price range that ends before it starts matches nothing: the API says so (400 by `priceTo`). */
export function checkPriceRange(filter: ProductListFilter): void {
  if (filter.priceFrom === undefined || filter.priceTo === undefined || filter.priceFrom <= filter.priceTo) return;
  const message = `At least priceFrom (${filter.priceFrom}).`;
  throw new AppError('invalid', 'invalid_request', `Invalid request: check priceTo.`, [{ location: 'query', field: 'priceTo', message }]);
}

/** The default store view's price row of each product, if it has one (one row a product at most). */
const defaultViewPrice = and(eq(productPrices.productId, products.id), eq(productPrices.storeId, sql`(select ${stores.id} from ${stores} where ${stores.isDefault})`));

/** One page of the products matching `filter`, in its sort, each with its listed price; and how many match. */
export async function findAdminProducts(db: Db, filter: ProductListFilter, paging: { page: number; itemsPerPage: number }) {
  const where = whereOf(db, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ product: getTableColumns(products), price: listedPrice() })
      .from(products)
      .leftJoin(productPrices, defaultViewPrice)
      .where(where)
      .orderBy(...orderOf(filter.sort))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
    db.select({ n: count() }).from(products).leftJoin(productPrices, defaultViewPrice).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
