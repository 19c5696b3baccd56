import { asc, eq } from 'drizzle-orm';
import { configDiff } from '../../platform/audit/config-diff.ts';
import type { PricingContext } from './context.ts';
import { requireGroup, requirePriceLists } from './references.ts';
import type { GroupAssignment } from './routes/wire.ts';
import { b2bPricingGroupLists } from './tables.ts';

/** Every group that has lists, by group id, each with its lists in order. */
export async function listGroupAssignments(ctx: PricingContext): Promise<GroupAssignment[]> {
  const rows = await ctx.db.select().from(b2bPricingGroupLists).orderBy(asc(b2bPricingGroupLists.customerGroupId), asc(b2bPricingGroupLists.position));
  const byGroup = new Map<number, number[]>();
  for (const row of rows) byGroup.set(row.customerGroupId, [...(byGroup.get(row.customerGroupId) ?? []), row.priceListId]);
  return [...byGroup].map(([customerGroupId, priceListIds]) => ({ customerGroupId, priceListIds }));
}

async function groupLists(ctx: PricingContext, groupId: number): Promise<number[]> {
  const rows = await ctx.db.select().from(b2bPricingGroupLists).where(eq(b2bPricingGroupLists.customerGroupId, groupId)).orderBy(asc(b2bPricingGroupLists.position));
  return rows.map((row) => row.priceListId);
}

/** Replaces one group's lists (empty: the group has none), in one transaction. */
export async function replaceGroupAssignment(ctx: PricingContext, input: GroupAssignment): Promise<GroupAssignment> {
  return ctx.transaction(async (tx) => {
    await requireGroup(tx, input.customerGroupId, 'customerGroupId');
    await requirePriceLists(tx, input.priceListIds, 'priceListIds');
    const before = await groupLists(tx, input.customerGroupId);
    await tx.db.delete(b2bPricingGroupLists).where(eq(b2bPricingGroupLists.customerGroupId, input.customerGroupId));
    if (input.priceListIds.length > 0) {
      await tx.db.insert(b2bPricingGroupLists).values(input.priceListIds.map((priceListId, position) => ({ customerGroupId: input.customerGroupId, priceListId, position })));
    }
    await tx.audit.record({ action: 'group-assignment.replaced', subject: `b2b-pricing:group:${input.customerGroupId}`, diff: configDiff({ priceListIds: before }, { priceListIds: input.priceListIds }) });
    return { customerGroupId: input.customerGroupId, priceListIds: input.priceListIds };
  });
}
