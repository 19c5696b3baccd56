import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Gives the event loop a turn before each query or transaction of the embedded database.
 *
 * PGlite runs SQL synchronously on this thread, and its queue of waiting queries hands over through
 * promises: a backlog of queries runs back to back as one chain of microtasks, and until it is done
 * nothing else happens. No request is read, no answer is written, no timer fires: measured under 50
 * connections, the event loop stalled 4-5 s at a time, so requests timed out before the fair queue
 * (request-queue.ts) ever saw them. Here queries take turns in the order asked (as PGlite's own
 * queue would) but each starts in a later turn of the event loop, after pending I/O and timers.
 */
export function takeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = last.then(() => nextTurn()).then(run);
    // The next query waits for this one to end, whether it succeeded or not.
    last = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => inTurn(() => exec(...args))) as typeof client.exec;
  client.transaction = ((callback: Parameters<typeof transaction>[0]) => inTurn(() => transaction(callback))) as typeof client.transaction;
}
