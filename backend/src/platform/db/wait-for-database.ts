import { createMiddleware } from 'hono/factory';
import { errorResponse } from '../errors.ts';
import { NotAdmitted, type RequestQueue } from './request-queue.ts';

/**
 * Every request takes its turn in the database's queue before anything of it runs, and gives the
 * turn back when its answer is ready. A request the queue refuses is answered at once with 503
 * `overloaded` and `Retry-After: 1`: it never reached a handler, so it wrote nothing. The refusal is
 * not logged: under a flood a line per refused request would only add to the load.
 */
export function waitForDatabase(queue: RequestQueue) {
  return createMiddleware(async function waitForDatabase(c, next) {
    let release: () => void;
    try {
      release = await queue.acquire(c.req.raw.signal);
    } catch (error) {
      // An abandoned request gets the same answer, which nobody reads.
      if (!(error instanceof NotAdmitted)) throw error;
      c.header('Retry-After', '1');
      return errorResponse(c, 503, { error: 'overloaded', message: 'The shop is busy right now. Please try again in a moment.' });
    }
    try {
      await next();
    } finally {
      release();
    }
  });
}
