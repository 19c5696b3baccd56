/**
 * The loader of price resolution: which lists apply to a caller in a store view, and what they say
 * about some SKUs. Guests, API clients and admins have no lists (their price is the catalog's).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { PricingContext } from '../context.ts';
import { b2bPricingCompanies, b2bPricingCompanyBuyers, b2bPricingCompanyLists, b2bPricingGroupLists, b2bPricingPriceListItems, b2bPricingPriceLists } from '../tables.ts';
import type { ListEntry } from './tiers.ts';

export interface AppliedList {
  id: number;
  code: string;
  storeCodes: string[] | null;
}

/**
 * Every list of a customer, in the order they apply: their company's, then their group's (the
 * company's `customerGroupId` when set, else their own group's). A list named twice keeps its first
 * place. Not yet narrowed to a store view (see `inStore`).
 */
export async function customerLists(ctx: PricingContext, customer: { customerId: number; groupId: number }): Promise<AppliedList[]> {
  const [company] = await ctx.db
    .select({ id: b2bPricingCompanies.id, groupId: b2bPricingCompanies.customerGroupId })
    .from(b2bPricingCompanyBuyers)
    .innerJoin(b2bPricingCompanies, eq(b2bPricingCompanies.id, b2bPricingCompanyBuyers.companyId))
    .where(eq(b2bPricingCompanyBuyers.customerId, customer.customerId));
  const groupId = company?.groupId ?? customer.groupId;
  const columns = { id: b2bPricingPriceLists.id, code: b2bPricingPriceLists.code, storeCodes: b2bPricingPriceLists.storeCodes };
  const [companyLists, groupLists] = await Promise.all([
    company
      ? ctx.db.select(columns).from(b2bPricingCompanyLists).innerJoin(b2bPricingPriceLists, eq(b2bPricingPriceLists.id, b2bPricingCompanyLists.priceListId)).where(eq(b2bPricingCompanyLists.companyId, company.id)).orderBy(asc(b2bPricingCompanyLists.position))
      : [],
    ctx.db.select(columns).from(b2bPricingGroupLists).innerJoin(b2bPricingPriceLists, eq(b2bPricingPriceLists.id, b2bPricingGroupLists.priceListId)).where(eq(b2bPricingGroupLists.customerGroupId, groupId)).orderBy(asc(b2bPricingGroupLists.position)),
  ]);
  const seen = new Set<number>();
  return [...companyLists, ...groupLists].filter((list) => !seen.has(list.id) && seen.add(list.id));
}

/** The lists that apply in a store view: those without store codes, and those naming it. */
export function inStore(lists: readonly AppliedList[], storeCode: string): AppliedList[] {
  return lists.filter((list) => list.storeCodes === null || list.storeCodes.includes(storeCode));
}

/** What the lists say about each SKU, each SKU's entries in the lists' order (SKUs no list names are absent). */
export async function entriesBySku(ctx: PricingContext, lists: readonly AppliedList[], skus: readonly string[]): Promise<Map<string, ListEntry[]>> {
  const bySku = new Map<string, ListEntry[]>();
  if (lists.length === 0 || skus.length === 0) return bySku;
  const rows = await ctx.db
    .select()
    .from(b2bPricingPriceListItems)
    .where(and(inArray(b2bPricingPriceListItems.priceListId, lists.map((list) => list.id)), inArray(b2bPricingPriceListItems.sku, [...new Set(skus)])));
  const order = new Map(lists.map((list, index) => [list.id, index]));
  rows.sort((a, b) => order.get(a.priceListId)! - order.get(b.priceListId)!);
  const codeOf = new Map(lists.map((list) => [list.id, list.code]));
  for (const row of rows) {
    const entry: ListEntry = { listCode: codeOf.get(row.priceListId)!, tiers: row.tiers, minQty: row.minQty, maxQty: row.maxQty, increment: row.increment };
    bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), entry]);
  }
  return bySku;
}

/**
 * The caller's lists that apply in the store view, or none while the module is switched off: the one
 * entry point of the runtime (annotation, cart, checkout).
 */
export async function applyingLists(ctx: PricingContext, caller: Caller, storeCode: string): Promise<AppliedList[]> {
  if (caller.kind !== 'customer' || !(await ctx.config()).enabled) return [];
  return inStore(await customerLists(ctx, caller), storeCode);
}
