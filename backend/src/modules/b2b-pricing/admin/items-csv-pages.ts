/**
 * A price list's items to and from CSV (items-csv.ts): the export, and the import that replaces every
 * item of the list. "Dry run" (ticked by default) reads the whole file and reports each bad row by its
 * line and column, writing nothing; applying writes all the rows in one transaction (the list's PATCH
 * through price-lists.ts), or none when any row is bad.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { sayOutcome } from '../../../platform/admin/outcome-flash.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { csvResponseHeaders, spreadsheetCsv } from '../../../platform/csv.ts';
import { AppError } from '../../../platform/errors.ts';
import { getPriceList, priceListEtag, updatePriceList } from '../price-lists.ts';
import type { PriceListView } from '../routes/wire.ts';
import { ITEM_CSV_COLUMNS, itemsCsvRows, readItemsCsv, type CsvProblem } from './items-csv.ts';
import { contextOf, idOf } from './page-kit.ts';
import { adminBase } from './paths.ts';

/** Larger than a list of 20,000 SKUs with a few tiers each; a file past it is refused before it is read. */
const MAX_BYTES = 10 * 1024 * 1024;

export function importForm(c: Context<AdminEnv>, list: PriceListView, etag: string, dryRun = true) {
  return html`<section aria-labelledby="import-title"><h2 id="import-title">Import items from CSV</h2>
    <p>The file replaces <strong>every</strong> item of the list. Columns, in a header row: ${ITEM_CSV_COLUMNS.map((column, index) => html`${index > 0 ? ', ' : ''}<code>${column}</code>`)}; one row per tier (a SKU with 1+, 10+ and 50+ prices has three rows). A SKU's quantity rules (<code>qty_min</code>, <code>qty_max</code>, <code>qty_increment</code>) go on its first row; later rows leave them blank or repeat them. Prices have at most two decimals, with a point. <a href="${adminBase}/price-lists/${list.id}/items.csv" download>The export</a> has this shape.</p>
    <form method="post" action="${adminBase}/price-lists/${list.id}/import" enctype="multipart/form-data">
      ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${etag}" />
      <div class="field"><label for="import-file">CSV file</label> <input type="file" id="import-file" name="file" accept=".csv,text/csv" required /></div>
      <div class="field"><label><input type="checkbox" name="dryRun" ${dryRun ? 'checked' : ''} /> Dry run: check the file and change nothing</label></div>
      <p><button type="submit">Import</button></p>
    </form>
  </section>`;
}

interface Report {
  dryRun: boolean;
  rows: number;
  skus: number;
  problems: CsvProblem[];
}

function reportOf(report: Report) {
  const bad = report.problems.length > 0;
  return html`<section aria-labelledby="report-title"><h2 id="report-title">${report.dryRun ? 'Dry run: nothing was changed' : 'Nothing was imported'}</h2>
    <p role="status">${report.rows} rows, ${report.skus} SKUs${bad ? html`; <strong>${report.problems.length} problems</strong>: fix them and import again` : report.dryRun ? ': the file is good. Untick “Dry run” and import it again to replace the list\'s items.' : ''}.</p>
    ${bad
      ? html`<div class="table-scroll"><table class="import-problems">
          <tr><th>Line</th><th>Column</th><th>SKU</th><th>Problem</th></tr>
          ${report.problems.map((problem) => html`<tr><td>${problem.line}</td><td>${problem.column}</td><td>${problem.sku}</td><td>${problem.message}</td></tr>`)}
        </table></div>`
      : ''}
  </section>`;
}

function importPage(c: Context<AdminEnv>, list: PriceListView, state: { etag: string; dryRun: boolean; report?: Report; error?: string; status?: 400 | 409 }) {
  const refused = state.error !== undefined || (state.report?.problems.length ?? 0) > 0;
  return renderPage(
    c,
    `Import items: ${list.code}`,
    html`<p><a href="${adminBase}/price-lists/${list.id}">Back to the price list</a> (${list.items.length} SKUs now)</p>
      ${state.report ? reportOf(state.report) : ''}
      ${importForm(c, list, state.etag, state.dryRun)}`,
    { error: state.error ?? (refused ? 'The file has problems: see the lines below.' : undefined), status: refused ? (state.status ?? 400) : 200 },
  );
}

export const itemsCsvPages = new Hono<AdminEnv>()
  .get('/:id/items.csv', async (c) => {
    const list = await getPriceList(contextOf(c), idOf(c, 'price list'));
    return c.body(spreadsheetCsv(ITEM_CSV_COLUMNS, itemsCsvRows(list.items)), 200, csvResponseHeaders(`price-list-${list.code}.csv`));
  })
  .get('/:id/import', async (c) => {
    const list = await getPriceList(contextOf(c), idOf(c, 'price list'));
    return importPage(c, list, { etag: priceListEtag(list), dryRun: true });
  })
  .post('/:id/import', async (c) => {
    const ctx = contextOf(c);
    const list = await getPriceList(ctx, idOf(c, 'price list'));
    const body = await c.req.parseBody();
    const etag = typeof body._etag === 'string' ? body._etag : '';
    const dryRun = body.dryRun === 'on';
    const state = { etag, dryRun };
    if (!(body.file instanceof File) || body.file.size === 0) return importPage(c, list, { ...state, error: 'Choose a CSV file.' });
    if (body.file.size > MAX_BYTES) return importPage(c, list, { ...state, error: 'At most 10 MB per file.' });
    let read: ReturnType<typeof readItemsCsv>;
    try {
      read = readItemsCsv(await body.file.text());
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'invalid')) throw error;
      return importPage(c, list, { ...state, error: error.message });
    }
    const report: Report = { dryRun, rows: read.rows, skus: read.items.length, problems: read.problems };
    if (dryRun || read.problems.length > 0) return importPage(c, list, { ...state, report });
    try {
      await updatePriceList(ctx, list.id, { items: read.items }, etag);
    } catch (error) {
      if (!(error instanceof AppError && (error.kind === 'invalid' || error.code === 'stale_version'))) throw error;
      return importPage(c, list, { ...state, error: error.message, status: error.code === 'stale_version' ? 409 : 400 });
    }
    sayOutcome(c, `Imported ${read.items.length} SKUs (${read.rows} rows) into ${list.code}, replacing its ${list.items.length} items.`);
    return c.redirect(`${adminBase}/price-lists/${list.id}?flash=saved`, 303);
  });
