import { inArray } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { PricingContext } from './context.ts';
import { b2bPricingPriceLists } from './tables.ts';

/** A 400 naming one field of the JSON body, as the route's own validation names them. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('invalid', 'invalid_request', `Invalid request: check ${field}.`, [{ location: 'json', field, message }]);
}

/** Refuses the first price list id that names no list (`field` is the array's name in the body). */
export async function requirePriceLists(ctx: PricingContext, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await ctx.db.select({ id: b2bPricingPriceLists.id }).from(b2bPricingPriceLists).where(inArray(b2bPricingPriceLists.id, [...ids]))).map((row) => row.id));
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0) throw invalidField(`${field}.${index}`, `No price list has id ${ids[index]}.`);
}

export async function requireGroup(ctx: PricingContext, groupId: number | null, field: string): Promise<void> {
  if (groupId === null) return;
  if (!(await ctx.customers.existingGroupIds([groupId])).has(groupId)) throw invalidField(field, `No customer group has id ${groupId}.`);
}

export async function requireStores(ctx: PricingContext, codes: readonly string[] | null, field: string): Promise<void> {
  if (codes === null) return;
  const known = new Set((await ctx.stores.all()).map((store) => store.code));
  const index = codes.findIndex((code) => !known.has(code));
  if (index >= 0) throw invalidField(`${field}.${index}`, `No store view has code "${codes[index]}".`);
}
