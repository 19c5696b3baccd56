/**
 * A price list's place on companies and customer groups, changed from the list's page through the
 * services the API uses: a company's lists through its PATCH (companies.ts), a group's through the
 * replacing PUT (group-assignments.ts). Taking a list on adds it after the lists already there; taking
 * it off leaves the others in their order.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import { companyEtag, getCompany, listCompanies, updateCompany } from '../companies.ts';
import type { PricingContext } from '../context.ts';
import { listGroupAssignments, replaceGroupAssignment } from '../group-assignments.ts';
import type { CompanyView } from '../routes/wire.ts';

/**
 * Where the list applies, as its page posts it: the ticked companies' ids and customer groups' ids
 * (the ids the company PATCH and the group PUT take), each refused whole with one message.
 */
const ticked = (message: string) => z.array(z.number({ error: message }).int(message).min(1, message)).default([]);
export const ListAssignment = z.object({
  companyIds: ticked('A company ticked is not one of the companies.'),
  groupIds: ticked('A customer group ticked is not one of the groups.'),
});
export type ListAssignment = z.infer<typeof ListAssignment>;

/** Every company (a few hundred at most in a B2B shop; the page lists them all). */
export async function allCompanies(ctx: PricingContext): Promise<CompanyView[]> {
  const companies: CompanyView[] = [];
  for (let page = 1; ; page += 1) {
    const { member, totalItems } = await listCompanies(ctx, { page, itemsPerPage: 100 });
    companies.push(...member);
    if (member.length === 0 || companies.length >= totalItems) return companies;
  }
}

export async function assignmentOf(ctx: PricingContext, listId: number, companies: readonly CompanyView[]): Promise<ListAssignment> {
  const groups = await listGroupAssignments(ctx);
  return {
    companyIds: companies.filter((company) => company.priceListIds.includes(listId)).map((company) => company.id),
    groupIds: groups.filter((group) => group.priceListIds.includes(listId)).map((group) => group.customerGroupId),
  };
}

/** A digest of an assignment, posted with the form: a change made meanwhile by someone else is refused, not overwritten. */
export const assignmentTag = (assignment: ListAssignment) =>
  createHash('sha256')
    .update(JSON.stringify([[...assignment.companyIds].sort((a, b) => a - b), [...assignment.groupIds].sort((a, b) => a - b)]))
    .digest('base64url')
    .slice(0, 22);

const toggled = (ids: readonly number[], listId: number, on: boolean) => (on ? (ids.includes(listId) ? [...ids] : [...ids, listId]) : ids.filter((id) => id !== listId));

/**
 * Puts the list on exactly the companies and groups given, in one transaction (all of it or nothing),
 * unless the assignment changed since `shownTag` was read (409 `stale_version`).
 */
export async function assignList(ctx: PricingContext, listId: number, wanted: ListAssignment, shownTag: string): Promise<void> {
  await ctx.transaction(async (tx) => {
    const companies = await allCompanies(tx);
    const current = await assignmentOf(tx, listId, companies);
    if (assignmentTag(current) !== shownTag) {
      throw new AppError('precondition_failed', 'stale_version', 'The list\'s companies or groups changed since you loaded the page: reload it and make your change again.');
    }
    for (const company of companies) {
      const on = wanted.companyIds.includes(company.id);
      if (on === current.companyIds.includes(company.id)) continue;
      const fresh = await getCompany(tx, company.id);
      await updateCompany(tx, company.id, { priceListIds: toggled(fresh.priceListIds, listId, on) }, companyEtag(fresh));
    }
    const groups = new Map((await listGroupAssignments(tx)).map((group) => [group.customerGroupId, group.priceListIds]));
    for (const groupId of new Set([...wanted.groupIds, ...current.groupIds])) {
      const on = wanted.groupIds.includes(groupId);
      if (on === current.groupIds.includes(groupId)) continue;
      await replaceGroupAssignment(tx, { customerGroupId: groupId, priceListIds: toggled(groups.get(groupId) ?? [], listId, on) });
    }
  });
}
