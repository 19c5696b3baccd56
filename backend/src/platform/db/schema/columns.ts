import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Surrogate key. Ids are given explicitly by the demo seeder (so they are stable run to run) and by the database otherwise. */
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

/** Money in the currency of the row's store; numeric keeps cents exact, mode "number" hands JS numbers to the app. */
export const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

/** UTC instants, second precision: the API prints them as "YYYY-MM-DD HH:MM:SS". */
export const instant = () => timestamp({ withTimezone: true, precision: 0, mode: 'date' });

export const timestamps = () => ({
  createdAt: instant().notNull(),
  updatedAt: instant().notNull(),
});
