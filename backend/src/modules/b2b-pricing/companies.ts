import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import { configDiff } from '../../platform/audit/config-diff.ts';
import { versionTag, requireVersion } from '../../platform/content-admin/versions.ts';
import { AppError } from '../../platform/errors.ts';
import { formatTimestamp } from '../../platform/time.ts';
import type { PricingContext } from './context.ts';
import { openTotal } from './payment-terms/credit.ts';
import { invalidField, requireGroup, requirePriceLists } from './references.ts';
import type { CompanyInput, CompanyPatch, CompanyView } from './routes/wire.ts';
import { b2bPricingCompanies, b2bPricingCompanyBuyers, b2bPricingCompanyLists } from './tables.ts';

const subjectOf = (id: number) => `b2b-pricing:company:${id}`;
const notFound = (id: number) => new AppError('not_found', 'company_not_found', `No company with id ${id}.`);

export const companyEtag = (view: CompanyView) => versionTag('company', view.id, view);

/** The companies' views, each with its lists in order and its buyers by customer id. */
async function viewsOf(ctx: PricingContext, rows: (typeof b2bPricingCompanies.$inferSelect)[]): Promise<CompanyView[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [lists, buyers] = await Promise.all([
    ctx.db.select().from(b2bPricingCompanyLists).where(inArray(b2bPricingCompanyLists.companyId, ids)).orderBy(asc(b2bPricingCompanyLists.position)),
    ctx.db.select().from(b2bPricingCompanyBuyers).where(inArray(b2bPricingCompanyBuyers.companyId, ids)).orderBy(asc(b2bPricingCompanyBuyers.customerId)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    customerGroupId: row.customerGroupId,
    priceListIds: lists.filter((list) => list.companyId === row.id).map((list) => list.priceListId),
    paymentTerms: row.termsNetDays === null || row.termsCreditLimit === null ? null : { netDays: row.termsNetDays, creditLimit: row.termsCreditLimit },
    buyers: buyers.filter((buyer) => buyer.companyId === row.id).map(({ customerId, role }) => ({ customerId, role })),
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
  }));
}

export async function listCompanies(ctx: PricingContext, query: { page: number; itemsPerPage: number; search?: string }) {
  const where = query.search ? ilike(b2bPricingCompanies.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(b2bPricingCompanies).where(where).orderBy(asc(b2bPricingCompanies.name), asc(b2bPricingCompanies.id)).limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage),
    ctx.db.select({ n: count() }).from(b2bPricingCompanies).where(where),
  ]);
  return { member: await viewsOf(ctx, rows), totalItems: total?.n ?? 0, page: query.page, itemsPerPage: query.itemsPerPage };
}

export async function getCompany(ctx: PricingContext, id: number): Promise<CompanyView> {
  const [row] = await ctx.db.select().from(b2bPricingCompanies).where(eq(b2bPricingCompanies.id, id));
  if (!row) throw notFound(id);
  const [view] = await viewsOf(ctx, [row]);
  return view!;
}

/** The references a company names exist, and none of its buyers buys for another company. */
async function checkReferences(ctx: PricingContext, company: Partial<CompanyInput>, ownId: number | null): Promise<void> {
  if (company.customerGroupId !== undefined) await requireGroup(ctx, company.customerGroupId, 'customerGroupId');
  if (company.priceListIds) await requirePriceLists(ctx, company.priceListIds, 'priceListIds');
  const buyers = company.buyers ?? [];
  if (buyers.length === 0) return;
  const customerIds = buyers.map((buyer) => buyer.customerId);
  const known = new Set((await ctx.customers.byIds(customerIds)).map((customer) => customer.id));
  const unknown = customerIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw invalidField(`buyers.${unknown}.customerId`, `No customer has id ${customerIds[unknown]}.`);
  const taken = await ctx.db
    .select({ customerId: b2bPricingCompanyBuyers.customerId, companyId: b2bPricingCompanyBuyers.companyId })
    .from(b2bPricingCompanyBuyers)
    .where(and(inArray(b2bPricingCompanyBuyers.customerId, customerIds), ownId === null ? undefined : ne(b2bPricingCompanyBuyers.companyId, ownId)));
  const [first] = taken;
  if (first) {
    const index = customerIds.indexOf(first.customerId);
    throw new AppError('conflict', 'buyer_taken', `Customer ${first.customerId} already buys for company ${first.companyId}; remove them there first.`, [
      { location: 'json', field: `buyers.${index}.customerId`, message: `Buys for company ${first.companyId}.` },
    ]);
  }
}

/** Replaces the company's lists and buyers with those given (each when given). */
async function writeChildren(ctx: PricingContext, id: number, company: Partial<CompanyInput>): Promise<void> {
  if (company.priceListIds) {
    await ctx.db.delete(b2bPricingCompanyLists).where(eq(b2bPricingCompanyLists.companyId, id));
    if (company.priceListIds.length > 0) await ctx.db.insert(b2bPricingCompanyLists).values(company.priceListIds.map((priceListId, position) => ({ companyId: id, priceListId, position })));
  }
  if (company.buyers) {
    await ctx.db.delete(b2bPricingCompanyBuyers).where(eq(b2bPricingCompanyBuyers.companyId, id));
    if (company.buyers.length > 0) await ctx.db.insert(b2bPricingCompanyBuyers).values(company.buyers.map((buyer) => ({ companyId: id, ...buyer })));
  }
}

const termsColumns = (terms: CompanyInput['paymentTerms']) => ({ termsNetDays: terms?.netDays ?? null, termsCreditLimit: terms?.creditLimit ?? null });

export async function createCompany(ctx: PricingContext, input: CompanyInput): Promise<CompanyView> {
  return ctx.transaction(async (tx) => {
    await checkReferences(tx, input, null);
    const now = tx.clock();
    const [row] = await tx.db
      .insert(b2bPricingCompanies)
      .values({ name: input.name, customerGroupId: input.customerGroupId, ...termsColumns(input.paymentTerms), createdAt: now, updatedAt: now })
      .returning({ id: b2bPricingCompanies.id });
    await writeChildren(tx, row!.id, input);
    const view = await getCompany(tx, row!.id);
    await tx.audit.record({ action: 'company.created', subject: subjectOf(view.id), diff: configDiff({}, view) });
    return view;
  });
}

export async function updateCompany(ctx: PricingContext, id: number, patch: CompanyPatch, ifMatch: string | undefined): Promise<CompanyView> {
  return ctx.transaction(async (tx) => {
    // Locked, so two saves based on one ETag cannot both pass the check.
    const [locked] = await tx.db.select({ id: b2bPricingCompanies.id }).from(b2bPricingCompanies).where(eq(b2bPricingCompanies.id, id)).for('update');
    if (!locked) throw notFound(id);
    const before = await getCompany(tx, id);
    requireVersion(ifMatch, companyEtag(before), 'company');
    await checkReferences(tx, patch, id);
    await tx.db
      .update(b2bPricingCompanies)
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.customerGroupId === undefined ? {} : { customerGroupId: patch.customerGroupId }),
        ...(patch.paymentTerms === undefined ? {} : termsColumns(patch.paymentTerms)),
        updatedAt: tx.clock(),
      })
      .where(eq(b2bPricingCompanies.id, id));
    await writeChildren(tx, id, patch);
    const after = await getCompany(tx, id);
    await tx.audit.record({ action: 'company.updated', subject: subjectOf(id), diff: configDiff(before, after) });
    return after;
  });
}

export async function deleteCompany(ctx: PricingContext, id: number, ifMatch: string | undefined): Promise<void> {
  await ctx.transaction(async (tx) => {
    const [locked] = await tx.db.select({ id: b2bPricingCompanies.id }).from(b2bPricingCompanies).where(eq(b2bPricingCompanies.id, id)).for('update');
    if (!locked) throw notFound(id);
    const before = await getCompany(tx, id);
    requireVersion(ifMatch, companyEtag(before), 'company');
    // Its ledger goes with it, so a company that still owes is kept until its purchase orders are paid or canceled.
    const owed = await openTotal(tx, id);
    if (owed > 0) throw new AppError('conflict', 'open_purchase_orders', `The company owes ${owed.toFixed(2)} on purchase orders; record their payment (or cancel them) first.`);
    await tx.db.delete(b2bPricingCompanies).where(eq(b2bPricingCompanies.id, id));
    await tx.audit.record({ action: 'company.deleted', subject: subjectOf(id), diff: configDiff(before, {}) });
  });
}
