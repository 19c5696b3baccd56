/** `/api/rest/v2/admin/products/export` and `/import` (issue 17): the catalog as CSV (csv-transfer.ts). */
import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requireAdmin } from '../../../platform/auth/resolve-caller.ts';
import { csvResponseHeaders, spreadsheetCsv } from '../../../platform/csv.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonContent } from '../../../platform/http/schemas.ts';
import { exportProductsCsv, importProductsCsv, MAX_IMPORT_ROWS, PRODUCT_CSV_COLUMNS } from './csv-transfer.ts';

const MAX_CSV_BYTES = 5 * 1024 * 1024;
const tags = ['Admin: content'];
const security = [{ bearerAuth: [] }];
const errors = { 401: jsonContent(ErrorSchema, 'No valid token'), 403: jsonContent(ErrorSchema, 'Not an admin token') };

const ImportReport = z
  .object({
    dryRun: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.number().int(),
    errors: z.array(z.object({ line: z.number().int(), sku: z.string(), field: z.string(), message: z.string() })),
  })
  .openapi('ProductImportReport');

const exportRoute = createRoute({
  method: 'get',
  path: '/admin/products/export',
  tags,
  security,
  summary: `Every product as CSV (${PRODUCT_CSV_COLUMNS.join(', ')}; UTF-8 with BOM, formulas neutralised)`,
  responses: { 200: { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } }, ...errors },
});

const importRoute = createRoute({
  method: 'post',
  path: '/admin/products/import',
  tags,
  security,
  summary: 'Create or update simple and virtual products from CSV, by SKU; dryRun=true reports without writing',
  description: `The columns of the export; only sku is required. At most ${MAX_IMPORT_ROWS} rows and ${MAX_CSV_BYTES / 1024 / 1024} MB. Each row is validated like the products API; a refused row is reported with its line and field and the others are imported.`,
  middleware: [bodyLimit({ maxSize: MAX_CSV_BYTES, onError: (c) => c.json({ error: 'invalid_request', message: `At most ${MAX_CSV_BYTES / 1024 / 1024} MB per import.` }, 400) })] as const,
  request: {
    query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
    body: { content: { 'text/csv': { schema: z.string() } }, required: true },
  },
  responses: { 200: jsonContent(ImportReport, 'What was (or, dry, would be) created, updated and refused'), 400: jsonContent(ErrorSchema, 'invalid_csv, too_many_rows'), ...errors },
});

export const productCsvRoutes = createRouter<AppEnv>()
  .openapi(exportRoute, async (c) => {
    requireAdmin(c.var.caller);
    return c.body(spreadsheetCsv(PRODUCT_CSV_COLUMNS, await exportProductsCsv(c.var.db)), 200, csvResponseHeaders('products.csv'));
  })
  .openapi(importRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    if (!(c.req.header('content-type') ?? '').startsWith('text/csv')) throw new AppError('invalid', 'invalid_request', 'Send the CSV with Content-Type: text/csv.');
    const report = await importProductsCsv({ db: c.var.db, notifications: c.var.notifications, actor }, await c.req.text(), c.req.valid('query').dryRun === 'true');
    return c.json(report, 200);
  });
