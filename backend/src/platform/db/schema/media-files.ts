import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Images the admin uploaded (issue 17), re-encoded on upload (media/upload.ts) and served under
 * `/media/*` by their content-hash name, so a name never changes its bytes. Kept in the database:
 * one store of record for PGlite and PostgreSQL alike, backed up with everything else.
 */
export const mediaFiles = pgTable('media_files', {
  file: text().primaryKey(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  createdAt: instant().notNull(),
});
