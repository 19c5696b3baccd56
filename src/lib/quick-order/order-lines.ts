/**
 * The quick-order list as typed, pasted or uploaded (DECISIONS.md 60): one `SKU, qty` line each,
 * the two separated by a comma, a semicolon or a tab (what spreadsheets copy and export), read
 * before anything is sent so a line that cannot be read is named with its row number.
 *
 * A small parser of its own rather than a CSV library: none is in the storefront's dependencies,
 * and the backend's csv-parse ships to browsers as a 113 KB build with a Buffer polyfill, for two
 * columns. It follows RFC 4180 where a list needs it: fields may be quoted ("A, B" or "say ""hi"""),
 * CRLF, LF or CR end a row. Choices where a list is loose, as a buyer would expect:
 * - each row's separator is its first comma, semicolon or tab outside quotes, so typed and copied
 *   rows mix (a SKU holding one of them is quoted, as CSV files do);
 * - a row with a SKU only buys one; columns after the quantity (a name, a price) are ignored;
 * - the first row is a header when its quantity is not a number ("SKU;Quantity") or its SKU is
 *   "SKU", and is skipped;
 * - blank rows are skipped; SKUs are trimmed, and kept as typed (SKUs are case-sensitive).
 */
import { MAX_BULK_LINES, MAX_LINE_QTY } from '../../../contracts/bulk-cart-limits.ts';

/** A file larger than this is refused before it is read: 1,000 lines of long SKUs and extra columns fit many times over. */
export const MAX_FILE_BYTES = 512 * 1024;

export interface OrderLine {
  /** 1-based, as a spreadsheet numbers its rows. */
  row: number;
  sku: string;
  qty: number;
}

export interface UnreadRow {
  row: number;
  text: string;
  reason: string;
}

export interface ParsedList {
  lines: OrderLine[];
  unread: UnreadRow[];
}

const separators = [',', ';', '\t'];

/** The rows of the text, each split into fields, with the 1-based row each starts on. */
function records(text: string): { row: number; fields: string[]; text: string }[] {
  const rows: { row: number; fields: string[]; text: string }[] = [];
  let separator: string | null = null;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let row = 1;
  let startRow = 1;
  let start = 0;
  const endRecord = (end: number) => {
    fields.push(field);
    rows.push({ row: startRow, fields, text: text.slice(start, end) });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) row++;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === '\r' || char === '\n') {
      endRecord(i);
      separator = null;
      if (char === '\r' && text[i + 1] === '\n') i++;
      row++;
      startRow = row;
      start = i + 1;
    } else if (separator === null ? separators.includes(char) : char === separator) {
      separator ??= char;
      fields.push(field);
      field = '';
    } else field += char;
  }
  if (field !== '' || fields.length > 0) endRecord(text.length);
  return rows;
}

const wholeNumber = /^\d+$/;

/** The lines to send and the rows that could not be read, in the order typed. */
export function parseOrderList(text: string): ParsedList {
  const lines: OrderLine[] = [];
  const unread: UnreadRow[] = [];
  const filled = records(text).filter((record) => record.fields.some((f) => f.trim() !== ''));
  filled.forEach(({ row, fields, text: rowText }, index) => {
    const sku = fields[0]!.trim();
    const qtyText = (fields[1] ?? '').trim();
    if (index === 0 && (/^sku$/i.test(sku) || (qtyText !== '' && !/^[\d.,\s-]+$/.test(qtyText)))) return;
    const problem = (reason: string) => unread.push({ row, text: rowText.trim(), reason });
    if (sku === '') return problem('The SKU is missing.');
    if (sku.length > 64) return problem('A SKU has at most 64 characters.');
    if (qtyText !== '' && (!wholeNumber.test(qtyText) || Number(qtyText) < 1 || Number(qtyText) > MAX_LINE_QTY)) {
      return problem(`The quantity must be a whole number from 1 to ${MAX_LINE_QTY.toLocaleString('en')}.`);
    }
    if (lines.length === MAX_BULK_LINES) return problem(`One order takes at most ${MAX_BULK_LINES.toLocaleString('en')} lines: send the rest in another.`);
    lines.push({ row, sku, qty: qtyText === '' ? 1 : Number(qtyText) });
  });
  return { lines, unread };
}
