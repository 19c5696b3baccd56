/**
 * The fair queue in front of the database (DECISIONS.md 58): at most `concurrency` requests use the
 * database at once; the others wait their turn, first come, first served, and a request that cannot
 * be served in reasonable time is refused at once instead of being left to time out.
 *
 * Why per request and not per query: PGlite already runs one query (or one whole transaction) at a
 * time, in the order they were asked for. Under load that order is fair to queries, not to requests:
 * a request of ten queries goes to the back of the line ten times, behind every other request's next
 * query, so it finishes long after requests that arrived later (the p99 of seconds while p50 stayed
 * low, issue 31). Admitting a few whole requests at a time keeps each admitted request's queries
 * close together, and the order of service is the order of arrival.
 */
export interface RequestQueueLimits {
  /** Requests using the database at once. */
  concurrency: number;
  /** Requests allowed to wait; one more is refused at once. */
  maxWaiting: number;
  /** A request that has waited this long is refused (it would likely time out at its client anyway). */
  maxWaitMs: number;
}

/** The decision's limits: more than 200 waiting, or one waiting 5 s, is an overload. */
export const overloadLimits = { maxWaiting: 200, maxWaitMs: 5_000 } as const;

/** queue_full and waited_too_long are the overload; abandoned: the client went away while waiting. */
export type RefusalReason = 'queue_full' | 'waited_too_long' | 'abandoned';

const refusalMessages: Record<RefusalReason, string> = {
  queue_full: 'too many requests are waiting for the database',
  waited_too_long: 'the request waited too long for the database',
  abandoned: 'the client went away while the request waited for the database',
};

/** Why a request was not admitted; nothing of it ran. */
export class NotAdmitted extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason) {
    super(refusalMessages[reason]);
    this.name = 'NotAdmitted';
    this.reason = reason;
  }
}

interface Waiter {
  admit: () => void;
  refuse: (reason: RefusalReason) => void;
}

export class RequestQueue {
  readonly limits: RequestQueueLimits;
  #active = 0;
  /** Oldest first. Bounded by maxWaiting, so removing from the front or the middle stays cheap. */
  #waiters: Waiter[] = [];

  constructor(limits: RequestQueueLimits) {
    if (!(limits.concurrency >= 1 && limits.maxWaiting >= 0 && limits.maxWaitMs >= 0)) throw new Error(`invalid request queue limits: ${JSON.stringify(limits)}`);
    this.limits = limits;
  }

  /** Requests using the database now. */
  get active(): number {
    return this.#active;
  }

  /** Requests waiting for their turn. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /**
   * Resolves once it is the caller's turn, with the function that gives the turn back (call it
   * exactly once, when the request is done); rejects with {@link NotAdmitted} when the queue is full,
   * the wait reaches maxWaitMs, or `signal` (the client's connection) aborts while waiting: a
   * request nobody awaits any more must not take a turn from those still waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new NotAdmitted('abandoned'));
    // A free slot goes to a newcomer only when nobody is waiting: no one overtakes the line.
    if (this.#active < this.limits.concurrency && this.#waiters.length === 0) {
      this.#active++;
      return Promise.resolve(this.#releaser());
    }
    if (this.#waiters.length >= this.limits.maxWaiting) return Promise.reject(new NotAdmitted('queue_full'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => waiter.refuse('waited_too_long'), this.limits.maxWaitMs);
      const onAbort = () => waiter.refuse('abandoned');
      const settled = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        admit: () => {
          settled();
          resolve(this.#releaser());
        },
        refuse: (reason) => {
          settled();
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          reject(new NotAdmitted(reason));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      // The slot passes straight to the oldest waiter, so the count of active requests is unchanged.
      if (next) next.admit();
      else this.#active--;
    };
  }
}
