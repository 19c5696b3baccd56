/**
 * Products to and from a spreadsheet (issue 17): export every product as CSV, and import a CSV
 * that creates or updates simple and virtual products by SKU through the product admin service
 * (service.ts), so an imported row is validated, audited and announced like an edit. Each row runs
 * in its own savepoint: a bad row is reported with its line, field and message and the others go
 * on; a dry run runs it all and rolls everything back, reporting what would happen.
 *
 * Columns (header row, any order, case-insensitive): sku (required), name, url_key, type, price,
 * special_price, special_price_from and special_price_to (YYYY-MM-DD), qty, enabled (yes/no),
 * categories (category paths joined by "|"), description, meta_title, meta_description, weight (kg),
 * position (in category listings, lower first).
 * On update only the columns present and not blank change.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminWriteContext } from '../../../platform/content-admin/write-context.ts';
import { parseCsv } from '../../../platform/csv.ts';
import type { Db } from '../../../platform/db/database.ts';
import { categories, productCategories, productPrices, products, stores } from '../../../platform/db/schema/index.ts';
import { AppError, refusedFields } from '../../../platform/errors.ts';
import { createProduct, ProductInput, ProductPatch, updateProduct } from './service.ts';
import { hasControlCharacter } from '../../../platform/http/control-characters.ts';

export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'url_key',
  'type',
  'price',
  'special_price',
  'special_price_from',
  'special_price_to',
  'qty',
  'enabled',
  'categories',
  'description',
  'meta_title',
  'meta_description',
  'weight',
  'position',
] as const;

/** At most this many rows per import: a larger catalog is imported in parts. */
export const MAX_IMPORT_ROWS = 5000;

export interface ImportError {
  /** The CSV line (the header is line 1). */
  line: number;
  sku: string;
  field: string;
  message: string;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  failed: number;
  errors: ImportError[];
}

export async function exportProductsCsv(db: Db): Promise<string[][]> {
  const [rows, [defaultStore], memberships, tree] = await Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db.select({ id: stores.id }).from(stores).where(eq(stores.isDefault, true)),
    db.select().from(productCategories),
    db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories),
  ]);
  const prices = defaultStore ? await db.select().from(productPrices).where(eq(productPrices.storeId, defaultStore.id)) : [];
  const priceOf = new Map(prices.map((row) => [row.productId, row]));
  const pathOf = new Map(tree.map((row) => [row.id, row.urlPath]));
  return rows.map((product) => [
    product.sku,
    product.name,
    product.urlKey,
    product.type,
    priceOf.get(product.id)?.price.toFixed(2) ?? '',
    priceOf.get(product.id)?.specialPrice?.toFixed(2) ?? '',
    priceOf.get(product.id)?.specialPriceFrom ?? '',
    priceOf.get(product.id)?.specialPriceTo ?? '',
    String(product.qty),
    product.isEnabled ? 'yes' : 'no',
    memberships.filter((m) => m.productId === product.id).map((m) => pathOf.get(m.categoryId) ?? '').filter(Boolean).join('|'),
    product.description,
    product.metaTitle,
    product.metaDescription,
    product.weight === null ? '' : String(product.weight),
    String(product.position),
  ]);
}

/** Thrown to roll a dry run back once every row has been tried. */
class DryRunRollback extends Error {}

const present = (record: Record<string, string>, column: string) => record[column] !== undefined && record[column] !== '';

/** A row's columns as the product API's fields (only those present). */
function fieldsOf(record: Record<string, string>, categoryIds: number[] | undefined) {
  const number = (column: string) => (present(record, column) ? Number(record[column]!.replace(',', '.')) : undefined);
  const fields: Record<string, unknown> = {};
  if (present(record, 'name')) fields.name = record.name;
  if (present(record, 'url_key')) fields.urlKey = record.url_key;
  if (present(record, 'type')) fields.type = record.type;
  if (present(record, 'price')) fields.price = number('price');
  if (present(record, 'special_price')) fields.specialPrice = number('special_price');
  if (present(record, 'special_price_from')) fields.specialPriceFrom = record.special_price_from;
  if (present(record, 'special_price_to')) fields.specialPriceTo = record.special_price_to;
  if (present(record, 'qty')) fields.stockQty = number('qty');
  if (present(record, 'enabled')) fields.isEnabled = ['yes', 'true', '1'].includes(record.enabled!.toLowerCase());
  if (present(record, 'description')) fields.description = record.description;
  if (present(record, 'meta_title')) fields.metaTitle = record.meta_title;
  if (present(record, 'meta_description')) fields.metaDescription = record.meta_description;
  if (present(record, 'weight')) fields.weight = number('weight');
  if (present(record, 'position')) fields.position = number('position');
  if (categoryIds) fields.categoryIds = categoryIds;
  return fields;
}

const FIELD_COLUMNS: Record<string, string> = {
  urlKey: 'url_key',
  specialPrice: 'special_price',
  specialPriceFrom: 'special_price_from',
  specialPriceTo: 'special_price_to',
  stockQty: 'qty',
  isEnabled: 'enabled',
  categoryIds: 'categories',
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
};

export async function importProductsCsv(ctx: AdminWriteContext, text: string, dryRun: boolean): Promise<ImportReport> {
  // A file is bytes the request guard does not read as text (DECISIONS.md 56): its cells are checked here.
  if (hasControlCharacter(text)) throw new AppError('invalid', 'invalid_csv', 'The file holds control characters (NUL or others); save it again as plain text.', [{ location: 'body', field: 'file', message: 'Control characters.' }]);
  let records: Array<Record<string, string>>;
  try {
    records = parseCsv(text);
  } catch (cause) {
    throw new AppError('invalid', 'invalid_csv', `The file is not valid CSV: ${(cause as Error).message}`, [{ location: 'body', field: 'file', message: 'Not valid CSV.' }]);
  }
  if (records.length === 0 || !Object.hasOwn(records[0]!, 'sku')) {
    throw new AppError('invalid', 'invalid_csv', `The first line must name the columns, sku among them (${PRODUCT_CSV_COLUMNS.join(', ')}).`, [{ location: 'body', field: 'file', message: 'No sku column.' }]);
  }
  if (records.length > MAX_IMPORT_ROWS) throw new AppError('invalid', 'too_many_rows', `At most ${MAX_IMPORT_ROWS} rows per import; split the file.`, [{ location: 'body', field: 'file', message: 'Too many rows.' }]);

  const report: ImportReport = { dryRun, rows: records.length, created: 0, updated: 0, failed: 0, errors: [] };
  const tree = await ctx.db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories);
  const idOfPath = new Map(tree.map((row) => [row.urlPath, row.id]));
  const skus = records.map((record) => record.sku ?? '').filter(Boolean);
  const existing = new Map((skus.length ? await ctx.db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, skus)) : []).map((row) => [row.sku, row.id]));

  const fail = (line: number, sku: string, field: string, message: string) => {
    report.failed++;
    report.errors.push({ line, sku, field, message });
  };

  try {
    await ctx.db.transaction(async (tx) => {
      for (const [index, record] of records.entries()) {
        const line = index + 2;
        const sku = record.sku ?? '';
        let categoryIds: number[] | undefined;
        if (record.categories !== undefined) {
          const paths = record.categories.split('|').map((path) => path.trim().replace(/^\/+|\/+$/g, '')).filter(Boolean);
          const unknown = paths.filter((path) => !idOfPath.has(path));
          if (unknown.length > 0) {
            fail(line, sku, 'categories', `No category ${unknown.map((path) => `/${path}`).join(', ')}.`);
            continue;
          }
          categoryIds = paths.map((path) => idOfPath.get(path)!);
        }
        const fields = fieldsOf(record, categoryIds);
        const id = existing.get(sku);
        const parsed = id === undefined ? ProductInput.safeParse({ ...fields, sku }) : ProductPatch.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = String(issue.path[0] ?? '');
          // A column a new product needs but the row leaves out or blank: say so, not the schema's type talk.
          const value = (fields as Record<string, unknown>)[field];
          const message =
            issue.code !== 'invalid_type' ? issue.message : value === undefined ? 'Required for a new product.' : Number.isNaN(value) ? 'Not a number: digits with a point, e.g. 19.90.' : issue.message;
          fail(line, sku, FIELD_COLUMNS[field] ?? field, message);
          continue;
        }
        try {
          // Its own savepoint: a refused row leaves the rows before it in place.
          await tx.transaction(async (row) => {
            const rowCtx = { ...ctx, db: row };
            if (id === undefined) {
              const created = await createProduct(rowCtx, parsed.data as never);
              existing.set(sku, created.id);
            } else await updateProduct(rowCtx, id, parsed.data as never);
          });
          if (id === undefined) report.created++;
          else report.updated++;
        } catch (error) {
          if (!(error instanceof AppError) || error.kind === 'unavailable' || error.kind === 'upstream') throw error;
          const [field = ''] = Object.keys(refusedFields(error));
          fail(line, sku, FIELD_COLUMNS[field] ?? field, error.message);
        }
      }
      if (dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return report;
}
