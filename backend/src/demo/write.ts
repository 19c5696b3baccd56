import { count, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../platform/auth/password.ts';
import type { Db } from '../platform/db/database.ts';
import { insertInBatches } from '../platform/db/insert-batches.ts';
import * as schema from '../platform/db/schema/index.ts';
import type { DemoCatalog } from './types.ts';

export interface AdminAccount {
  email: string;
  password: string;
}

const allTables = Object.values<unknown>(schema).filter((value): value is PgTable => is(value, PgTable));

/** Tables whose id comes from an identity column that explicit demo ids leave behind. */
const tablesWithIdentity = [
  schema.stores,
  schema.regions,
  schema.categories,
  schema.products,
  schema.productImages,
  schema.configurableOptions,
  schema.bundleOptions,
  schema.bundleSelections,
  schema.downloadableLinks,
  schema.cmsPages,
  schema.blogPosts,
  schema.customers,
  schema.adminUsers,
];

/** True before the first seed: no store view exists. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ stores: count() }).from(schema.stores);
  return (row?.stores ?? 0) === 0;
}

/** Empties every table of the schema (the migrations journal stays). */
export async function clearDatabase(db: Db): Promise<void> {
  await db.execute(sql`truncate table ${sql.join(allTables, sql`, `)} restart identity cascade`);
}

/** Writes the catalog (and the admin user, if given) in one transaction: all of it or nothing. */
export async function writeDemoCatalog(db: Db, catalog: DemoCatalog, admin?: AdminAccount): Promise<void> {
  // Hash outside the transaction: scrypt is deliberately slow.
  const customers = await Promise.all(
    catalog.accounts.map(async ({ password, createdAt, email, ...account }) => ({
      ...account,
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      createdAt,
      updatedAt: createdAt,
    })),
  );
  const adminRow = admin && { email: admin.email.toLowerCase(), passwordHash: await hashPassword(admin.password) };

  await db.transaction(async (tx) => {
    // Parents before children, so every foreign key points at an existing row.
    await insertInBatches(tx, schema.stores, catalog.stores);
    await insertInBatches(tx, schema.shippingSettings, catalog.shippingSettings);
    await insertInBatches(tx, schema.countries, catalog.countries);
    await insertInBatches(tx, schema.regions, catalog.regions);
    await insertInBatches(tx, schema.customerGroups, catalog.customerGroups);
    await insertInBatches(tx, schema.categories, catalog.categories);
    await insertInBatches(tx, schema.products, catalog.products);
    await insertInBatches(tx, schema.productPrices, catalog.productPrices);
    await insertInBatches(tx, schema.productCategories, catalog.productCategories);
    await insertInBatches(tx, schema.productImages, catalog.productImages);
    await insertInBatches(tx, schema.productLinks, catalog.productLinks);
    await insertInBatches(tx, schema.configurableOptions, catalog.configurableOptions);
    await insertInBatches(tx, schema.configurableOptionValues, catalog.configurableOptionValues);
    await insertInBatches(tx, schema.variantOptionValues, catalog.variantOptionValues);
    await insertInBatches(tx, schema.bundleOptions, catalog.bundleOptions);
    await insertInBatches(tx, schema.bundleSelections, catalog.bundleSelections);
    await insertInBatches(tx, schema.downloadableLinks, catalog.downloadableLinks);
    await insertInBatches(tx, schema.downloadableLinkPrices, catalog.downloadableLinkPrices);
    await insertInBatches(tx, schema.giftcards, catalog.giftcards);
    await insertInBatches(tx, schema.giftcardPrices, catalog.giftcardPrices);
    await insertInBatches(tx, schema.cmsPages, catalog.cmsPages);
    await insertInBatches(tx, schema.blogPosts, catalog.blogPosts);
    await insertInBatches(tx, schema.customers, customers);
    if (adminRow) await tx.insert(schema.adminUsers).values(adminRow).onConflictDoNothing();
    // Explicit ids do not advance identity sequences; move them past the data so later inserts get fresh ids.
    for (const table of tablesWithIdentity) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${getTableName(table)}, 'id'), (select coalesce(max(${table.id}), 0) + 1 from ${table}), false)`,
      );
    }
  });
  // Fresh statistics, so the planner sees thousands of rows rather than an empty table (PGlite runs no autovacuum).
  await db.execute(sql`analyze`);
}
