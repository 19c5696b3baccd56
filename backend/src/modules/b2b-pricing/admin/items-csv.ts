/**
 * A price list's items as CSV, one row per tier: `sku,min_qty,price,qty_min,qty_max,qty_increment`.
 * A SKU's quantity rules go on its first row (later rows leave them blank or repeat them; the export
 * writes them on the first row only). Reading checks every row and names each problem by its line and
 * column, so a dry run can list them all; an item is then checked by the API's own schema.
 */
import { AppError } from '../../../platform/errors.ts';
import { hasControlCharacter } from '../../../platform/http/control-characters.ts';
import { parseCsvLines } from '../../../platform/csv.ts';
import { Item, type ItemInput, type ItemView } from '../routes/wire.ts';

export const ITEM_CSV_COLUMNS = ['sku', 'min_qty', 'price', 'qty_min', 'qty_max', 'qty_increment'] as const;
const REQUIRED = ['sku', 'min_qty', 'price'] as const;
/** As many SKUs as a list may hold (wire.ts). */
const MAX_SKUS = 20_000;

export interface CsvProblem {
  /** The file's line (the header is line 1). */
  line: number;
  column: string;
  sku: string;
  message: string;
}

/** The rows of the export: tiers in order, rules on each SKU's first row. */
export function itemsCsvRows(items: readonly ItemView[]): string[][] {
  return items.flatMap((item) =>
    item.tiers.map((tier, index) => [
      item.sku,
      String(tier.minQty),
      tier.price.toFixed(2),
      ...(index === 0 ? [item.minQty, item.maxQty, item.increment].map((rule) => (rule === undefined ? '' : String(rule))) : ['', '', '']),
    ]),
  );
}

const wholeNumber = /^\d{1,7}$/;
const amount = /^\d{1,9}(\.\d{1,2})?$/;
const ruleColumns = { qty_min: 'minQty', qty_max: 'maxQty', qty_increment: 'increment' } as const;
/** The CSV column of a path in an item (the schema's names). */
const columnOfPath: Record<string, string> = { sku: 'sku', minQty: 'qty_min', maxQty: 'qty_max', increment: 'qty_increment', tiers: 'min_qty' };

interface Gathered {
  line: number;
  sku: string;
  rules: { minQty?: number; maxQty?: number; increment?: number };
  rulesText: string;
  tiers: { minQty: number; price: number; line: number }[];
}

/** Throws 400 naming the file: what keeps it from being read at all (not CSV, no header, too big). */
function unreadable(message: string): AppError {
  return new AppError('invalid', 'invalid_csv', message, [{ location: 'body', field: 'file', message }]);
}

/**
 * The file's items, or every problem found (each by line and column). Nothing is written here: the
 * caller replaces the list's items with the answer, in one transaction, or shows the problems.
 */
export function readItemsCsv(text: string): { items: ItemInput[]; rows: number; problems: CsvProblem[] } {
  if (hasControlCharacter(text)) throw unreadable('The file holds control characters (NUL or others); save it again as plain text.');
  let records: ReturnType<typeof parseCsvLines>;
  try {
    records = parseCsvLines(text);
  } catch (cause) {
    throw unreadable(`The file is not valid CSV: ${(cause as Error).message}`);
  }
  const problems: CsvProblem[] = [];
  const header = Object.keys(records[0]?.record ?? {});
  if (records.length === 0 && text.replace(/^\uFEFF/, '').trim() === '') throw unreadable(`The file is empty: its first line names the columns (${ITEM_CSV_COLUMNS.join(',')}).`);
  for (const column of header) {
    if (!(ITEM_CSV_COLUMNS as readonly string[]).includes(column)) problems.push({ line: 1, column, sku: '', message: `Unknown column; the columns are ${ITEM_CSV_COLUMNS.join(', ')}.` });
  }
  const missing = records.length === 0 ? [] : REQUIRED.filter((column) => !header.includes(column));
  for (const column of missing) problems.push({ line: 1, column, sku: '', message: 'Required column missing.' });
  if (missing.length > 0) return { items: [], rows: records.length, problems };

  const bySku = new Map<string, Gathered>();
  const tierLine = new Map<string, number>();
  for (const { line, record } of records) {
    // The export guards a SKU a spreadsheet would run as a formula with an apostrophe (platform/csv.ts); read back, it is the SKU again.
    const sku = (record.sku ?? '').replace(/^'(?=[=+\-@\t\r])/, '');
    const fail = (column: string, message: string) => problems.push({ line, column, sku, message });
    if (sku === '') {
      fail('sku', 'Required.');
      continue;
    }
    const minQty = record.min_qty ?? '';
    const price = record.price ?? '';
    let ok = true;
    if (!wholeNumber.test(minQty) || Number(minQty) < 1) {
      fail('min_qty', 'Not a whole number of at least 1.');
      ok = false;
    }
    if (!amount.test(price)) {
      fail('price', /^\d+\.\d{3,}$/.test(price) ? 'At most two decimals.' : 'Not a number: digits with a point, e.g. 4.50.');
      ok = false;
    }
    const rules: Gathered['rules'] = {};
    for (const [column, key] of Object.entries(ruleColumns)) {
      const value = record[column] ?? '';
      if (value === '') continue;
      if (!wholeNumber.test(value) || Number(value) < 1) {
        fail(column, 'Not a whole number of at least 1.');
        ok = false;
      } else rules[key] = Number(value);
    }
    const rulesText = JSON.stringify(rules);
    const seen = bySku.get(sku);
    if (seen && rulesText !== '{}' && rulesText !== seen.rulesText) {
      fail('qty_min', `The rules differ from line ${seen.line}: give a SKU's rules on its first row only (or the same on every row).`);
      ok = false;
    }
    const key = `${sku}\n${minQty}`;
    const twin = tierLine.get(key);
    if (ok && twin !== undefined) {
      fail('min_qty', `Duplicate of line ${twin}: one row per SKU and min_qty.`);
      ok = false;
    }
    if (!ok) continue;
    tierLine.set(key, line);
    const tier = { minQty: Number(minQty), price: Number(price), line };
    if (seen) seen.tiers.push(tier);
    else bySku.set(sku, { line, sku, rules, rulesText, tiers: [tier] });
  }
  if (bySku.size > MAX_SKUS) throw unreadable(`At most ${MAX_SKUS} SKUs per list; this file has ${bySku.size}.`);

  const items: ItemInput[] = [];
  for (const gathered of bySku.values()) {
    const parsed = Item.safeParse({ sku: gathered.sku, tiers: gathered.tiers.map(({ minQty, price }) => ({ minQty, price })), ...gathered.rules });
    if (parsed.success) {
      items.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const [first, index, leaf] = issue.path;
      // A tier's problem is on that tier's line; the SKU's and its rules' on its first.
      const tier = first === 'tiers' && typeof index === 'number' ? gathered.tiers[index] : undefined;
      const column = tier ? (leaf === 'price' ? 'price' : 'min_qty') : (columnOfPath[String(first)] ?? String(first));
      problems.push({ line: tier?.line ?? gathered.line, column, sku: gathered.sku, message: issue.message });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { items, rows: records.length, problems };
}
