import type { Context } from 'hono';
import type { StoreEnv } from '../../../platform/http/context.ts';
import { callerCountry } from '../visibility.ts';
import type { ProductDetail } from './schemas.ts';

/**
 * Lets modules annotate the records of one answer for the caller (SPEC.md "Events":
 * api_product_dto_build carries customer_group_id), once per response with all its records. Records
 * are passed by reference; handlers edit `extensions` or withhold prices.
 */
export async function annotateProducts(c: Context<StoreEnv>, records: ProductDetail[], view: 'listing' | 'detail'): Promise<void> {
  if (!c.var.annotations.has('api_product_dto_build') || records.length === 0) return;
  const caller = c.var.caller;
  const country = await callerCountry(c);
  await c.var.annotations.run('api_product_dto_build', { records, customer_group_id: caller.groupId, caller, storeCode: c.var.store.code, country, view }, c.var.db);
}
