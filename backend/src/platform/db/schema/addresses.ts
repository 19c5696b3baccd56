import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { customers } from './customers.ts';

/** A customer's address book. Orders copy the address (jsonb) so later edits never rewrite history. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    company: text(),
    street: text().array().notNull(),
    city: text().notNull(),
    region: text(),
    postcode: text().notNull(),
    countryId: text().notNull(),
    telephone: text(),
    isDefaultShipping: boolean().notNull().default(false),
    isDefaultBilling: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [index().on(t.customerId)],
);
