import { z } from 'zod';
import { driftOf } from '../../../contracts/drift.ts';

/*
 * Answers checked against the shared record contracts (contracts/ at the repository root, which the
 * routes and the storefront use too), strictly: a key the contract does not know fails the test, so
 * producer and consumers cannot drift apart unseen. The error and store list shapes below are not
 * catalog records and stay here.
 */

/** `value` as `schema` parses it; throws naming every drift from the contract (unknown keys included). */
export function exactly<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const drift = driftOf(schema, value);
  if (drift.length > 0) throw new Error(`answer drifts from the contract:\n  ${drift.slice(0, 10).join('\n  ')}`);
  return schema.parse(value);
}

export const ErrorBody = z.strictObject({ error: z.string().regex(/^[a-z][a-z0-9_]*$/), message: z.string().min(1), details: z.unknown().optional() });

export const StoreList = z.strictObject({
  member: z.array(z.strictObject({ code: z.string(), name: z.string(), isDefault: z.boolean(), baseCurrencyCode: z.string(), locale: z.string() })),
  totalItems: z.number(),
});

/** A price the guest view must carry (prices are nullable in the contract: modules may withhold them). */
export function amount(value: number | null | undefined): number {
  if (typeof value !== 'number') throw new Error(`expected a price, got ${String(value)}`);
  return value;
}
