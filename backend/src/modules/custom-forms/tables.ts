import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FormField } from '../../../../contracts/custom-form.ts';

const instant = () => timestamp({ withTimezone: true, precision: 0, mode: 'date' });

/** The forms a merchant builds (DECISIONS.md 35); fields are read and written whole, as JSON. */
export const customForms = pgTable('custom_forms', {
  code: text().primaryKey(),
  title: text().notNull(),
  isActive: boolean().notNull(),
  fields: jsonb().$type<FormField[]>().notNull(),
  successMessage: text().notNull(),
  notifyEmails: text().array().notNull(),
  createdAt: instant().notNull(),
  updatedAt: instant().notNull(),
});

/** Submissions that passed the pipeline: plain data, escaped wherever shown. */
export const customFormSubmissions = pgTable(
  'custom_form_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    formCode: text().notNull(),
    storeCode: text().notNull(),
    payload: jsonb().$type<Record<string, string | number | boolean | null>>().notNull(),
    /** Lower-cased text of the payload's values, for the admin's search. */
    searchText: text().notNull(),
    clientIp: text().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index('custom_form_submissions_form_created_idx').on(t.formCode, t.createdAt)],
);

/** The spam log: attempts a pipeline step stopped, with the reason; never a submission. */
export const customFormBlocked = pgTable(
  'custom_form_blocked',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    formCode: text().notNull(),
    reason: text().$type<BlockReason>().notNull(),
    clientIp: text().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index('custom_form_blocked_created_idx').on(t.createdAt)],
);

export const blockReasons = ['rate_limited_ip', 'rate_limited_email', 'honeypot', 'too_fast', 'invalid_token', 'captcha_failed', 'captcha_unavailable'] as const;
export type BlockReason = (typeof blockReasons)[number];
