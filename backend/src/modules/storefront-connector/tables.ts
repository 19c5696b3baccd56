import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The connector's admin configuration: one row (id 1). Secrets are stored as AES-256-GCM envelopes
 * (see crypto.ts), never in clear; blank columns fall back to the environment's defaults.
 */
export const storefrontConnectorSettings = pgTable(
  'storefront_connector_settings',
  {
    id: smallint().primaryKey().default(1),
    accountId: text().notNull().default(''),
    /** Encrypted API token (preferred) or legacy global key; null when not set. */
    apiTokenEncrypted: text(),
    /** Set only with a legacy global key. */
    apiEmail: text().notNull().default(''),
    zoneId: text().notNull().default(''),
    storefrontUrl: text().notNull().default(''),
    storeCode: text().notNull().default(''),
    /** Encrypted sync secret; null means "use SYNC_SECRET from the environment". */
    syncSecretEncrypted: text(),
    kvNamespaceId: text().notNull().default(''),
    /** Cron expression of the scheduled full sync; blank means no schedule. */
    cronExpression: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('storefront_connector_settings_single_row', sql`${table.id} = 1`)],
);

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
