import type { Random } from './random.ts';

/**
 * "Now" for the demo catalog: a fixed instant, so timestamps derive from the seed, not the wall clock,
 * and the catalog (and every hash the storefront computes from it) is the same on every run.
 */
export const demoNow = Date.UTC(2026, 0, 15, 12, 0, 0);

const day = 86_400_000;

/** An instant between `maxDaysAgo` and `minDaysAgo` days before demoNow, to the second. */
export function pastInstant(random: Random, maxDaysAgo: number, minDaysAgo = 0): Date {
  const ms = demoNow - minDaysAgo * day - Math.floor(random.next() * (maxDaysAgo - minDaysAgo) * day);
  return new Date(Math.floor(ms / 1000) * 1000);
}

/** createdAt, and an updatedAt at or after it (but not after demoNow). */
export function lifetime(random: Random, maxDaysAgo: number): { createdAt: Date; updatedAt: Date } {
  const createdAt = pastInstant(random, maxDaysAgo, 1);
  const span = demoNow - createdAt.getTime();
  const updatedAt = new Date(Math.floor((createdAt.getTime() + random.next() * span) / 1000) * 1000);
  return { createdAt, updatedAt };
}
