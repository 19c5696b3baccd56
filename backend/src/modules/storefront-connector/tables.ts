import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per HTTP call the connector made to the storefront (each retry attempt is its own row). */
export const storefrontConnectorSyncLog = pgTable(
  'storefront_connector_sync_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** products | categories | cms-pages | all | purge */
    type: text().notNull(),
    /** product_saved | category_saved | cms_page_saved | schedule | sync_now | deploy */
    trigger: text().notNull(),
    attempt: smallint().notNull(),
    status: text().$type<'success' | 'failed'>().notNull(),
    /** Null when no HTTP answer came (connection refused, timeout). */
    httpStatus: smallint(),
    durationMs: integer().notNull(),
    error: text(),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('storefront_connector_sync_log_started_idx').on(table.startedAt)],
);
