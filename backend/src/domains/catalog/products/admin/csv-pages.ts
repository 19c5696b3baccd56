/**
 * Catalog → Products: Export CSV and Import CSV in the admin (csv-transfer.ts). An import shows its
 * report: created, updated, and each refused row with its line, SKU, column and message; "Dry run"
 * (checked by default) shows the report and changes nothing.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../../platform/admin/layout.ts';
import { renderPage } from '../../../../platform/admin/page.ts';
import { csvResponseHeaders, spreadsheetCsv } from '../../../../platform/csv.ts';
import { AppError } from '../../../../platform/errors.ts';
import { exportProductsCsv, importProductsCsv, PRODUCT_CSV_COLUMNS, type ImportReport } from '../csv-transfer.ts';

function importPage(c: Context<AdminEnv>, report?: ImportReport, error?: string) {
  return renderPage(
    c,
    'Import products',
    html`<p>A CSV with a header row; the columns of <a href="/admin/products/export.csv">the export</a>: ${PRODUCT_CSV_COLUMNS.join(', ')}. Only <code>sku</code> is required: a known SKU is updated (the columns given), a new one created (simple or virtual). Categories are paths joined by <code>|</code>.</p>
      <form method="post" action="/admin/products/import" enctype="multipart/form-data">
        ${csrfField(c.var.csrfToken)}
        <label>CSV file <input type="file" name="file" accept=".csv,text/csv" required /></label>
        <label><input type="checkbox" name="dryRun" ${report?.dryRun === false ? '' : 'checked'} /> Dry run: report only, change nothing</label>
        <button type="submit">Import</button>
      </form>
      ${report
        ? html`<h2>${report.dryRun ? 'Dry run: nothing was changed' : 'Imported'}</h2>
            <p>${report.rows} rows: ${report.created} ${report.dryRun ? 'to create' : 'created'}, ${report.updated} ${report.dryRun ? 'to update' : 'updated'}, ${report.failed} refused.</p>
            ${report.errors.length > 0
              ? html`<table>
                  <tr><th>Line</th><th>SKU</th><th>Column</th><th>Problem</th></tr>
                  ${report.errors.map((row) => html`<tr><td>${row.line}</td><td>${row.sku}</td><td>${row.field}</td><td>${row.message}</td></tr>`)}
                </table>`
              : ''}`
        : ''}`,
    { error, status: error ? 400 : 200 },
  );
}

export const productCsvPages = new Hono<AdminEnv>()
  .get('/export.csv', async (c) => c.body(spreadsheetCsv(PRODUCT_CSV_COLUMNS, await exportProductsCsv(c.var.db)), 200, csvResponseHeaders('products.csv')))
  .get('/import', (c) => importPage(c))
  .post('/import', async (c) => {
    const body = await c.req.parseBody();
    if (!(body.file instanceof File) || body.file.size === 0) return importPage(c, undefined, 'Choose a CSV file.');
    if (body.file.size > 5 * 1024 * 1024) return importPage(c, undefined, 'At most 5 MB per import: split the file.');
    try {
      const report = await importProductsCsv({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, await body.file.text(), body.dryRun === 'on');
      return importPage(c, report);
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
      return importPage(c, undefined, error.message);
    }
  });
