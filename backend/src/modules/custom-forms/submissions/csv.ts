/**
 * Submissions as CSV for a spreadsheet (platform/csv.ts: BOM, formulas neutralised): one column per
 * field in the form's order after the id, date and store.
 */
import type { FormField } from '../../../../../contracts/custom-form.ts';
import { spreadsheetCsv } from '../../../platform/csv.ts';
import type { PayloadValue } from './field-validation.ts';

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
  return spreadsheetCsv(header, records);
}
