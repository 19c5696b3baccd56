import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../platform/auth/password.ts';
import type { Database } from '../platform/db/database.ts';
import { adminUsers, categories, customers, products } from '../platform/db/schema/index.ts';
import { DatabaseNotEmptyError, seedDemoData } from './seed.ts';
import { tradeRangeSize } from './trade.ts';
import { isDatabaseEmpty } from './write.ts';
import { dialects, openTestDatabase } from '../../test/helpers/test-shop.ts';

describe.each(dialects)('seeding the demo data (%s)', (dialect) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(dialect));
  });
  afterAll(async () => {
    await dispose();
  });

  it('fills an empty database, with hashed demo accounts and the admin user', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const report = await seedDemoData(database.db, { products: 15, admin: { email: 'Admin@Example.com', password: 'admin-password' } });
    expect(report.products).toBe(15 + tradeRangeSize);
    expect(await isDatabaseEmpty(database.db)).toBe(false);

    const accounts = await database.db.select().from(customers).orderBy(customers.id);
    expect(accounts.map((c) => [c.email, c.groupId])).toEqual([
      ['shopper@example.com', 1],
      ['buyer@trade.example', 2],
    ]);
    expect(await verifyPassword('Shopper#2026', accounts[0]?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('Trade#2026', accounts[1]?.passwordHash ?? '')).toBe(true);
    const [admin] = await database.db.select().from(adminUsers);
    expect(admin?.email).toBe('admin@example.com');
    expect(await verifyPassword('admin-password', admin?.passwordHash ?? '')).toBe(true);
  });

  it('refuses to seed over existing data, and replaces it with reset', async () => {
    await expect(seedDemoData(database.db, { products: 5 })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    await seedDemoData(database.db, { products: 25, reset: true });
    const [row] = await database.db.select({ n: count() }).from(products).where(eq(products.visibility, 'catalog'));
    expect(row?.n).toBe(25 + tradeRangeSize);
  });

  it('leaves identity sequences past the seeded ids', async () => {
    const [max] = await database.db.select({ n: count() }).from(categories);
    const [created] = await database.db
      .insert(categories)
      .values({ name: 'New', urlKey: 'new', urlPath: 'new', level: 1, createdAt: new Date(), updatedAt: new Date() })
      .returning({ id: categories.id });
    expect(created?.id).toBeGreaterThan(max?.n ?? 0);
  });
});
