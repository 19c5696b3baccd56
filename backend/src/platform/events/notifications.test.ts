import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { Notifications, type DeliveredEvent } from './notifications.ts';
import { openTestDatabase } from '../../../test/helpers/test-shop.ts';

/**
 * Several backend processes on one PostgreSQL server (issue 11 §7): each runs its own delivery worker
 * over its own connections; every event reaches its subscriber, and no row is delivered by both.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('notifications across two backend processes (postgres)', () => {
  let first: Awaited<ReturnType<typeof openTestDatabase>>;
  let second: Database;
  beforeAll(async () => {
    first = await openTestDatabase('postgres', 'migrated');
    second = await openDatabase({ url: first.url! });
  });
  afterAll(async () => {
    await second.close();
    await first.dispose();
  });

  it('delivers each event once although two workers poll the same table', async () => {
    const received: { worker: string; id: string }[] = [];
    const worker = (name: string, database: Database) =>
      new Notifications(
        database.db,
        [
          {
            subscriber: 'probe',
            event: 'order_placed',
            batchWindowMs: 0,
            async deliver(events: DeliveredEvent[]) {
              // Slow enough that both workers are busy at once.
              await new Promise((resolve) => setTimeout(resolve, 2));
              received.push(...events.map((event) => ({ worker: name, id: event.id })));
            },
          },
        ],
        { pollMs: 10, log: (message, cause) => console.error(message, cause) },
      );
    const a = worker('a', first.database);
    const b = worker('b', second);
    for (let n = 0; n < 150; n++) await a.publish(first.database.db, 'order_placed', { orderId: n, number: String(n), customerId: null });
    a.start();
    b.start();
    const deadline = Date.now() + 15_000;
    while (received.length < 150 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([a.stop(), b.stop()]);
    expect(received).toHaveLength(150);
    expect(new Set(received.map((r) => r.id)).size).toBe(150);
    // Both took part: the lease let them share the work rather than queue behind one.
    expect(new Set(received.map((r) => r.worker)).size).toBe(2);
  });
});
