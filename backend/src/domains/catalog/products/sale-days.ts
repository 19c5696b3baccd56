/**
 * Sale days: a special price applies on its days in each store view's time zone
 * (`activeSpecialPrice`). Records and carts judge that when they are read, but the price index
 * (`minimalPrice`, the configurable's choice of cheapest variant, grouped and bundle "from" prices)
 * and the storefront's copy of a product change only when something recomputes and announces them.
 * This job does that when a sale's first day begins or the day after its last begins: it finds the
 * price rows whose sale started or ended since its previous run, reindexes those products (and, through
 * `reindexPrices`, the products priced from them) and announces each (`catalog_product_saved`).
 */
import { and, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { jobProgress, productPrices, products, stores } from '../../../platform/db/schema/index.ts';
import type { Notifications } from '../../../platform/events/notifications.ts';
import { ScheduledRun } from '../../../platform/modules/jobs.ts';
import { reindexPrices } from './price-index.ts';

const jobName = 'core/sale-days';
const day = 86_400_000;

/**
 * A first run has no mark to start from (a new install, or an upgrade to this job): it looks back two
 * days, which covers a backend upgraded across a midnight in any time zone, without re-announcing every
 * sale that ever started.
 */
export const firstRunLookbackDays = 2;

/** Products reindexed per `reindexPrices` call: keeps each statement's id list short on a big sale day. */
const reindexChunk = 500;

/** The UTC day of `instant` moved by `days`, as YYYY-MM-DD. */
function utcDay(instant: Date, days: number): string {
  return new Date(instant.getTime() + days * day).toISOString().slice(0, 10);
}

/**
 * The products with a price row whose sale started or ended in (since, until], each in its store
 * view's time zone. A sale starts when the view's day becomes its From day and ends when the day becomes
 * the one after its To day (both inclusive): it starts in the window when the view's day at `since` is
 * before From and at `until` is From or later, and ends in it when the day at `since` is To or earlier
 * and at `until` is after To. Days as `activeSpecialPrice` reads them, so the two never disagree.
 */
export async function productsWithSaleBoundaries(db: Db, since: Date, until: Date): Promise<number[]> {
  if (until <= since) return [];
  const viewDayAt = (instant: Date) => sql`(${instant.toISOString()}::timestamptz at time zone ${stores.timezone})::date`;
  // Any view's day is within one day of the UTC day (offsets are under 24 hours): these constant
  // bounds let the partial indexes on the days pick the few candidate rows; the view's own days decide.
  const low = utcDay(since, -1);
  const high = utcDay(until, 1);
  const from = productPrices.specialPriceFrom;
  const to = productPrices.specialPriceTo;
  const rows = await db
    .selectDistinct({ id: productPrices.productId })
    .from(productPrices)
    .innerJoin(stores, eq(stores.id, productPrices.storeId))
    .where(
      and(
        // Without a special price the days change nothing.
        isNotNull(productPrices.specialPrice),
        or(
          and(gt(from, low), lte(from, high), sql`${from} > ${viewDayAt(since)}`, sql`${from} <= ${viewDayAt(until)}`),
          and(gte(to, low), lt(to, high), sql`${to} >= ${viewDayAt(since)}`, sql`${to} < ${viewDayAt(until)}`),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Reindexes the products whose sale started or ended in (since, until] and those priced from them,
 * marks them updated (an incremental sync reads by `updatedAt`) and announces each, all through `db`:
 * pass a transaction. The index is computed at the database's clock, so `until` should be that clock's
 * now (as `catchUpSaleDays` does). Answers the products announced.
 */
export async function announceSaleBoundaries(db: Db, notifications: Pick<Notifications, 'publish'>, since: Date, until: Date): Promise<number[]> {
  const own = await productsWithSaleBoundaries(db, since, until);
  const dependents: number[] = [];
  for (let start = 0; start < own.length; start += reindexChunk) {
    const chunk = own.slice(start, start + reindexChunk);
    dependents.push(...(await reindexPrices(db, chunk)));
    await db.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, chunk));
  }
  const announced = [...new Set([...own, ...dependents])];
  for (const productId of announced) await notifications.publish(db, 'catalog_product_saved', { productId });
  return announced;
}

/**
 * One run: covers the time from the previous run's mark (`job_progress`) to the database's now, in one
 * transaction with moving the mark, so a failed run leaves it and the next run covers the same time
 * again, and time nobody ran the job (a backend stopped over midnight) is covered by the next run.
 * The mark's row is locked for the run: two runs at once take turns, and the second finds nothing left.
 */
export function catchUpSaleDays(db: Db, notifications: Pick<Notifications, 'publish'>): Promise<{ since: Date; until: Date; announced: number[] }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(jobProgress)
      .values({ job: jobName, doneUntil: sql`now() - make_interval(days => ${firstRunLookbackDays})` })
      .onConflictDoNothing();
    // now() is the transaction's start, the instant every price in this run is judged at.
    const [mark] = await tx
      .select({ since: jobProgress.doneUntil, until: sql`now()`.mapWith(jobProgress.doneUntil) })
      .from(jobProgress)
      .where(eq(jobProgress.job, jobName))
      .for('update');
    const { since, until } = mark!;
    if (until <= since) return { since, until, announced: [] };
    const announced = await announceSaleBoundaries(tx, notifications, since, until);
    await tx.update(jobProgress).set({ doneUntil: until }).where(eq(jobProgress.job, jobName));
    return { since, until, announced };
  });
}

/**
 * The run in a backend process, its slot claimed in `job_runs` so of several processes on one database
 * one runs it. Every quarter hour rather than hourly: in some time zones a day begins at half or a
 * quarter past the UTC hour (India +5:30, Nepal +5:45, Chatham +12:45), and their sales should start
 * within minutes of their midnight too.
 */
export function scheduleSaleDays(db: Db, notifications: Pick<Notifications, 'publish'>, log: (message: string, cause?: unknown) => void): ScheduledRun {
  const run = new ScheduledRun(jobName, db, async () => {
    try {
      const { announced } = await catchUpSaleDays(db, notifications);
      if (announced.length > 0) log(`sale days: ${announced.length} products repriced and announced`);
    } catch (error) {
      log('sale days failed; the next run (in 15 minutes) covers the same time again', error);
    }
  });
  run.set('*/15 * * * *');
  return run;
}
