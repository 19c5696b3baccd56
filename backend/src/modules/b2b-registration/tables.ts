import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// The one sanctioned use of a core table in a module: a foreign key (an application goes with its account); no query reads it.
// eslint-disable-next-line no-restricted-imports
import { customers } from '../../platform/db/schema/index.ts';

const instant = () => timestamp({ withTimezone: true, precision: 0, mode: 'date' });

export const applicationStatuses = ['pending', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/**
 * Trade applications (DECISIONS.md 39): one per Custom Forms submission (the unique submission id makes
 * a redelivered event a no-op), attached to the applicant's account.
 */
export const b2bRegistrationApplications = pgTable(
  'b2b_registration_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    status: text({ enum: applicationStatuses }).notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The account was made for this application (so a decline rejects it); false when it was attached to an existing one. */
    createdCustomer: boolean().notNull(),
    formCode: text().notNull(),
    submissionId: integer().notNull().unique(),
    storeCode: text().notNull(),
    /** The submission as Custom Forms stored it, keyed by field key. */
    payload: jsonb().$type<Record<string, string | number | boolean | null>>().notNull(),
    /** Each payload key's label on the form as it was submitted, so the admin shows the form's words ({} for applications from before labels travelled). */
    fieldLabels: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The trade details the override map took from the payload (company, taxvat…). */
    attributes: jsonb().$type<Record<string, string>>().notNull(),
    note: text(),
    createdAt: instant().notNull(),
    decidedAt: instant(),
    /** The admin's email, or "system". */
    decidedBy: text(),
  },
  (t) => [
    check('b2b_registration_applications_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
    index('b2b_registration_applications_customer_idx').on(t.customerId), index('b2b_registration_applications_status_idx').on(t.status, t.id)],
);
