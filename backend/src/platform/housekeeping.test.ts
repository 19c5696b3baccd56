import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { customerGroups, customers, eventDeliveries, mailOutbox, passwordTokens, refreshTokens } from './db/schema/index.ts';
import { pruneFinishedRecords } from './housekeeping.ts';
import { dialects, openTestDatabase } from '../../test/helpers/test-shop.ts';

const now = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe.each(dialects)('housekeeping (%s)', (dialect) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(dialect));
  });
  afterAll(() => dispose());

  it('prunes finished records past their retention and keeps recent ones and work still owed', async () => {
    const db = database.db;
    const delivery = (status: 'delivered' | 'failed', deliveredAt: Date | null) => ({
      eventId: randomUUID(),
      event: 'order_placed',
      subscriber: 'probe',
      payload: {},
      status,
      availableAt: daysAgo(60),
      createdAt: daysAgo(60),
      deliveredAt,
    });
    await db.insert(eventDeliveries).values([delivery('delivered', daysAgo(31)), delivery('delivered', daysAgo(29)), delivery('failed', null)]);

    const mail = (status: 'sent' | 'unsent' | 'failed', createdAt: Date) => ({
      kind: 'probe',
      fromName: 'Shop',
      fromAddress: 'shop@example.com',
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Hello',
      status,
      nextAttemptAt: createdAt,
      createdAt,
    });
    await db.insert(mailOutbox).values([mail('sent', daysAgo(91)), mail('unsent', daysAgo(91)), mail('sent', daysAgo(89)), mail('failed', daysAgo(200))]);

    const [group] = await db.insert(customerGroups).values({ id: 901, code: 'housekeeping-probe' }).returning();
    const [customer] = await db
      .insert(customers)
      .values({ email: `keeper-${dialect}@example.com`, firstName: 'A', lastName: 'B', passwordHash: 'x', groupId: group!.id, createdAt: now, updatedAt: now })
      .returning();
    const refresh = (jti: string, expiresAt: Date) => ({ jti, familyId: 'f', customerId: customer!.id, scope: 'customer', expiresAt });
    await db.insert(refreshTokens).values([refresh('expired', daysAgo(1)), refresh('live', new Date(now.getTime() + 60_000))]);
    await db.insert(passwordTokens).values({ customerId: customer!.id, purpose: 'reset', tokenHash: 'h', expiresAt: daysAgo(1), createdAt: daysAgo(2) });

    const report = await pruneFinishedRecords(db, now);

    expect(report).toMatchObject({ event_deliveries: 1, mail_outbox: 2, refresh_tokens: 1, password_tokens: 1 });
    const deliveries = await db.select().from(eventDeliveries);
    expect(deliveries.map((row) => row.status).sort()).toEqual(['delivered', 'failed']);
    const outbox = await db.select().from(mailOutbox);
    expect(outbox.map((row) => row.status).sort()).toEqual(['failed', 'sent']);
    expect((await db.select().from(refreshTokens)).map((row) => row.jti)).toEqual(['live']);
    // A second run finds nothing more to do.
    expect(Object.values(await pruneFinishedRecords(db, now)).every((count) => count === 0)).toBe(true);
  });
});
