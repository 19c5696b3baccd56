import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from './database.ts';
import { RequestQueue, type RequestQueueLimits } from './request-queue.ts';
import { cartItems, carts } from './schema/index.ts';
import { aSimpleProduct } from '../../../test/helpers/shop-data.ts';
import { openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

/**
 * The fair queue in front of the embedded database (DECISIONS.md 58), driven by small limits and by
 * holding the database in a transaction of the test's own, so who waits is decided by the test and
 * not by timing.
 */

/** Holds PGlite (it runs one transaction at a time) until `release`: requests let in stop at their first query. */
async function holdDatabase(db: Db): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const started = new Promise<void>((resolve) => (holding = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    holding();
    await held;
  });
  await started;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

async function shopWith(limits: RequestQueueLimits): Promise<{ shop: TestShop; queue: RequestQueue }> {
  const queue = new RequestQueue(limits);
  return { shop: await openTestShop('pglite', { databaseQueue: queue }), queue };
}

async function itemsOf(db: Db, productId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.productId, productId));
  return row!.n;
}

const state = (queue: RequestQueue) => ({ active: queue.active, waiting: queue.waiting });

async function cartCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(carts);
  return row!.n;
}

describe('the queue for the embedded database: first come, first served; refused at once when full', () => {
  let shop: TestShop;
  let queue: RequestQueue;
  beforeAll(async () => {
    ({ shop, queue } = await shopWith({ concurrency: 1, maxWaiting: 2, maxWaitMs: 600_000 }));
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('serves waiting requests in the order they came, and answers one more 503 overloaded, writing nothing', async () => {
    const db = shop.database.db;
    const [first, second, refused] = [await aSimpleProduct(db, 0), await aSimpleProduct(db, 1), await aSimpleProduct(db, 2)];
    const cartsBefore = await cartCount(db);
    const finished: string[] = [];
    const addToNewCart = (name: string, sku: string) =>
      shop.send('POST', '/api/rest/v2/cart/items', { json: { sku, qty: 1 } }).then((answer) => {
        finished.push(name);
        return answer;
      });

    const hold = await holdDatabase(db);
    const listing = shop.send('GET', '/api/rest/v2/products?itemsPerPage=5').then((answer) => {
      finished.push('listing');
      return answer;
    });
    await vi.waitFor(() => expect(queue.active).toBe(1));
    const firstAdd = addToNewCart('first', first.sku);
    await vi.waitFor(() => expect(queue.waiting).toBe(1));
    const secondAdd = addToNewCart('second', second.sku);
    await vi.waitFor(() => expect(queue.waiting).toBe(2));

    // The queue is full: the next request is answered now, while the database is still held.
    const overloaded = await shop.send<{ error: string; message: string }>('POST', '/api/rest/v2/cart/items', { json: { sku: refused.sku, qty: 1 } });
    expect(overloaded.status).toBe(503);
    expect(overloaded.headers.get('retry-after')).toBe('1');
    expect(overloaded.headers.get('content-type')).toContain('application/json');
    expect(overloaded.body).toEqual({ error: 'overloaded', message: expect.any(String) });
    expect(finished).toEqual([]);

    await hold.release();
    const answers = await Promise.all([listing, firstAdd, secondAdd]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(finished).toEqual(['listing', 'first', 'second']);
    expect(state(queue)).toEqual({ active: 0, waiting: 0 });

    // The refused add made no cart and no item; the two served ones made one cart each.
    expect(await itemsOf(db, refused.id)).toBe(0);
    expect(await itemsOf(db, second.id)).toBe(1);
    expect(await cartCount(db)).toBe(cartsBefore + 2);
    // Served again as soon as there is room.
    expect((await shop.send('POST', '/api/rest/v2/cart/items', { json: { sku: refused.sku, qty: 1 } })).status).toBe(200);
  });

  it('lets a request whose client went away leave the line, never running it', async () => {
    const db = shop.database.db;
    const product = await aSimpleProduct(db, 4);
    const hold = await holdDatabase(db);
    const listing = shop.send('GET', '/api/rest/v2/products?itemsPerPage=5');
    await vi.waitFor(() => expect(queue.active).toBe(1));
    const client = new AbortController();
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sku: product.sku, qty: 1 }), signal: client.signal };
    const abandoned = shop.app.request('/api/rest/v2/cart/items', init);
    await vi.waitFor(() => expect(queue.waiting).toBe(1));
    client.abort();
    expect((await abandoned).status).toBe(503);
    expect(queue.waiting).toBe(0);
    await hold.release();
    expect((await listing).status).toBe(200);
    expect(await itemsOf(db, product.id)).toBe(0);
  });
});

describe('the queue for the embedded database: a request that waited too long', () => {
  let shop: TestShop;
  let queue: RequestQueue;
  beforeAll(async () => {
    // Waiting 50 ms stands for the decision's 5 s; the database stays held until the answer is in, so no race decides it.
    ({ shop, queue } = await shopWith({ concurrency: 1, maxWaiting: 200, maxWaitMs: 50 }));
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('is answered 503 overloaded with Retry-After and never runs', async () => {
    const db = shop.database.db;
    const product = await aSimpleProduct(db, 3);
    const hold = await holdDatabase(db);
    const listing = shop.send('GET', '/api/rest/v2/products?itemsPerPage=5');
    await vi.waitFor(() => expect(queue.active).toBe(1));
    const waited = await shop.send<{ error: string }>('POST', '/api/rest/v2/cart/items', { json: { sku: product.sku, qty: 1 } });
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('1');
    expect(waited.body).toEqual({ error: 'overloaded', message: expect.any(String) });
    expect(queue.waiting).toBe(0);
    await hold.release();
    expect((await listing).status).toBe(200);
    expect(await itemsOf(db, product.id)).toBe(0);
  });

});

describe('RequestQueue', () => {
  it('hands a freed turn to the oldest waiter, never to a newcomer, and counts a release once', async () => {
    const queue = new RequestQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 600_000 });
    const order: number[] = [];
    const [releaseA, releaseB] = [await queue.acquire(), await queue.acquire()];
    const waiters = [1, 2, 3].map((n) => queue.acquire().then((release) => (order.push(n), release)));
    expect(state(queue)).toEqual({ active: 2, waiting: 3 });
    releaseA();
    releaseA();
    const releaseFirst = await waiters[0]!;
    // A newcomer joins the back of the line even though a turn is being handed over.
    const late = queue.acquire().then((release) => (order.push(4), release));
    releaseB();
    const releaseSecond = await waiters[1]!;
    expect(state(queue)).toEqual({ active: 2, waiting: 2 });
    releaseFirst();
    releaseSecond();
    for (const release of [await waiters[2]!, await late]) release();
    expect(order).toEqual([1, 2, 3, 4]);
    expect(state(queue)).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a newcomer when maxWaiting are waiting, with the reason', async () => {
    const queue = new RequestQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 600_000 });
    const release = await queue.acquire();
    const waiting = queue.acquire();
    await expect(queue.acquire()).rejects.toMatchObject({ name: 'NotAdmitted', reason: 'queue_full' });
    release();
    (await waiting)();
    expect(state(queue)).toEqual({ active: 0, waiting: 0 });
  });
});
