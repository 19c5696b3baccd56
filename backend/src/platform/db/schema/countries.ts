import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/** ISO 3166-1 alpha-2 countries; the id is the code itself. */
export const countries = pgTable('countries', {
  id: text().primaryKey(),
  name: text().notNull(),
});

/** ISO 3166-2 subdivisions (code without the country prefix). */
export const regions = pgTable(
  'regions',
  {
    id: id(),
    countryId: text()
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [unique().on(t.countryId, t.code)],
);
