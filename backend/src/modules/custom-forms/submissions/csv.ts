/**
 * Submissions as CSV for a spreadsheet: UTF-8 with a byte-order mark (Excel reads it as UTF-8), one
 * column per field in the form's order after the id and date, and every cell that a spreadsheet
 * would read as a formula (starting with =, +, - or @, also after a tab or carriage return) prefixed
 * with an apostrophe, so a visitor's text never runs as one (CSV injection).
 */
import { stringify } from 'csv-stringify/sync';
import type { FormField } from '../../../../../contracts/custom-form.ts';
import type { PayloadValue } from './field-validation.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
const BOM = '\uFEFF';

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function cellOf(value: PayloadValue | undefined): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined) return '';
  return String(value);
}

export interface CsvRow {
  id: number;
  createdAt: string;
  storeCode: string;
  payload: Record<string, PayloadValue>;
}

export function submissionsCsv(fields: readonly Pick<FormField, 'key' | 'label'>[], rows: readonly CsvRow[]): string {
  const header = ['Submission', 'Date (UTC)', 'Store', ...fields.map((field) => field.label)];
  const records = rows.map((row) => [String(row.id), row.createdAt, row.storeCode, ...fields.map((field) => cellOf(row.payload[field.key]))]);
  return BOM + stringify([header, ...records].map((record) => record.map(neutralise)), { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}
