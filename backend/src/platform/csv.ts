/**
 * CSV for spreadsheets, both ways. Out: UTF-8 with a byte-order mark (Excel reads it as UTF-8), CRLF
 * records, and every cell that a spreadsheet would read as a formula (starting with =, +, - or @,
 * also after a tab or carriage return) prefixed with an apostrophe, so text a customer or merchant
 * typed never runs as one (CSV injection). In: csv-parse with a header row, the BOM dropped.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;
const BOM = '\uFEFF';

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + stringify([header, ...rows].map((record) => record.map(neutralise)), { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}

/** Records keyed by the header's column names (trimmed, lower-cased); throws csv-parse's error on malformed CSV. */
export function parseCsv(text: string): Array<Record<string, string>> {
  return parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    skip_empty_lines: true,
    trim: true,
    relax_column_count: false,
  }) as Array<Record<string, string>>;
}

/**
 * Records as `parseCsv` reads them, each with the line of the file it starts on (the header is line 1),
 * so an import can name the line a spreadsheet shows even past blank lines and multi-line cells.
 */
export function parseCsvLines(text: string): Array<{ line: number; record: Record<string, string> }> {
  const parsed = parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    skip_empty_lines: true,
    trim: true,
    relax_column_count: false,
    info: true,
  }) as unknown as Array<{ record: Record<string, string>; info: { lines: number } }>;
  // `lines` is the line a record ends on; a record's start is counted from its cells' own line breaks.
  return parsed.map(({ record, info }) => ({ line: info.lines - Object.values(record).reduce((breaks, cell) => breaks + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0), record }));
}

/** A CSV download: the browser saves it under `filename`. */
export function csvResponseHeaders(filename: string): Record<string, string> {
  return { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' };
}
