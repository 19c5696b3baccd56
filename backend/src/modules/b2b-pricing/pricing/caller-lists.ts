/**
 * The loader of price resolution: which lists apply to a caller in a store view, and what they say
 * about some SKUs. Guests, API clients and admins have no lists (their price is the catalog's).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { PricingContext } from '../context.ts';
import { b2bPricingCompanies, b2bPricingCompanyBuyers, b2bPricingCompanyLists, b2bPricingGroupLists, b2bPricingPriceListItems, b2bPricingPriceLists, type Tier } from '../tables.ts';
import type { ListEntry } from './tiers.ts';

export interface AppliedList {
  id: number;
  code: string;
  storeCodes: string[] | null;
}

/**
 * Every list of a customer, in the order they apply: their company's, then their group's (the
 * company's `customerGroupId` when set, else their own group's). A list named twice keeps its first
 * place. Not narrowed to a store view: the view key names the set whatever the store.
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

/**
 * What the given lists say about each SKU, each SKU's entries in the lists' order (SKUs no list names
 * are absent). The price explainer's loader, which shows every list of a customer, those of other
 * store views too; requests price through `callerEntries`, which reads the same rows in one query.
 */
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

type EntryRow = { list_code: string; list_id: number; sku: string; tiers: Tier[]; min_qty: number | null; max_qty: number | null; increment: number | null };

/**
 * What the caller's lists that apply in the store view say about these SKUs, each SKU's entries in
 * the lists' order (SKUs no list names are absent); none for guests, API clients and admins, or while
 * the module is off. The one loader of the runtime (annotation, cart, checkout), and one query: the
 * caller's company, its lists, the group's lists and their items are read in a single round trip,
 * since a listing pays for each one (the bench's target is +15% on a 100-product listing).
 */
export async function callerEntries(ctx: PricingContext, caller: Caller, storeCode: string, skus: readonly string[]): Promise<Map<string, ListEntry[]>> {
  const bySku = new Map<string, ListEntry[]>();
  if (caller.kind !== 'customer' || skus.length === 0 || !(await ctx.config()).enabled) return bySku;
  const inStore = (lists: typeof b2bPricingPriceLists) => sql`(${lists.storeCodes} is null or ${storeCode} = any(${lists.storeCodes}))`;
  const result = await ctx.db.execute(sql`
    with company as (
      select ${b2bPricingCompanies.id} as id, ${b2bPricingCompanies.customerGroupId} as group_id
      from ${b2bPricingCompanyBuyers} join ${b2bPricingCompanies} on ${b2bPricingCompanies.id} = ${b2bPricingCompanyBuyers.companyId}
      where ${b2bPricingCompanyBuyers.customerId} = ${caller.customerId}
    ), lists as (
      select ${b2bPricingPriceLists.id} as id, ${b2bPricingPriceLists.code} as code, 0 as source, ${b2bPricingCompanyLists.position} as position
      from ${b2bPricingCompanyLists}
      join company on company.id = ${b2bPricingCompanyLists.companyId}
      join ${b2bPricingPriceLists} on ${b2bPricingPriceLists.id} = ${b2bPricingCompanyLists.priceListId}
      where ${inStore(b2bPricingPriceLists)}
      union all
      select ${b2bPricingPriceLists.id}, ${b2bPricingPriceLists.code}, 1, ${b2bPricingGroupLists.position}
      from ${b2bPricingGroupLists}
      join ${b2bPricingPriceLists} on ${b2bPricingPriceLists.id} = ${b2bPricingGroupLists.priceListId}
      where ${b2bPricingGroupLists.customerGroupId} = coalesce((select group_id from company), ${caller.groupId}) and ${inStore(b2bPricingPriceLists)}
    )
    select lists.code as list_code, lists.id as list_id, ${b2bPricingPriceListItems.sku} as sku, ${b2bPricingPriceListItems.tiers} as tiers,
           ${b2bPricingPriceListItems.minQty} as min_qty, ${b2bPricingPriceListItems.maxQty} as max_qty, ${b2bPricingPriceListItems.increment} as increment
    from lists join ${b2bPricingPriceListItems} on ${b2bPricingPriceListItems.priceListId} = lists.id
    where ${b2bPricingPriceListItems.sku} in (${sql.join([...new Set(skus)].map((sku) => sql`${sku}`), sql`, `)})
    order by lists.source, lists.position`);
  // Both drivers answer { rows }; drizzle's shared type does not say so.
  const rows = (result as unknown as { rows: EntryRow[] }).rows;
  // A list named by the company and by the group keeps its first place.
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.list_id}:${row.sku}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry: ListEntry = { listCode: row.list_code, tiers: row.tiers, minQty: row.min_qty, maxQty: row.max_qty, increment: row.increment };
    bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), entry]);
  }
  return bySku;
}
