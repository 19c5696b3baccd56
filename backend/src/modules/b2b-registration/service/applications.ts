import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import type { Paging } from '../../../platform/http/schemas.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import { b2bRegistrationApplications, type ApplicationStatus } from '../tables.ts';

type Row = { application: typeof b2bRegistrationApplications.$inferSelect; customerEmail: string; customerStatus: string };

/** An application on the wire (DECISIONS.md 39), with the note, the mapped trade details and the account's email and status. */
export function applicationOut({ application, customerEmail, customerStatus }: Row) {
  return {
    id: application.id,
    status: application.status,
    customerId: application.customerId,
    customerEmail,
    customerApprovalStatus: customerStatus,
    createdCustomer: application.createdCustomer,
    formCode: application.formCode,
    submissionId: application.submissionId,
    storeCode: application.storeCode,
    payload: application.payload,
    fieldLabels: application.fieldLabels,
    attributes: application.attributes,
    note: application.note,
    createdAt: formatTimestamp(application.createdAt),
    decidedAt: application.decidedAt ? formatTimestamp(application.decidedAt) : null,
    decidedBy: application.decidedBy,
  };
}

export type ApplicationView = ReturnType<typeof applicationOut>;

type Reader = Pick<ModuleContext, 'db' | 'customers'>;

/** The applications with their applicant's email and status (an application is deleted with its account). */
async function withApplicants(ctx: Reader, applications: (typeof b2bRegistrationApplications.$inferSelect)[]): Promise<ApplicationView[]> {
  const applicants = new Map((await ctx.customers.byIds([...new Set(applications.map((application) => application.customerId))])).map((customer) => [customer.id, customer]));
  return applications.flatMap((application) => {
    const applicant = applicants.get(application.customerId);
    return applicant ? [applicationOut({ application, customerEmail: applicant.email, customerStatus: applicant.approvalStatus })] : [];
  });
}

/** Applications, newest first, by status and a search in the applicant's email or last name. */
export async function listApplications(ctx: Reader, filter: { status?: ApplicationStatus; search?: string; customerId?: number }, paging: Paging) {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(b2bRegistrationApplications.status, filter.status) : undefined,
    filter.customerId ? eq(b2bRegistrationApplications.customerId, filter.customerId) : undefined,
    filter.search ? inArray(b2bRegistrationApplications.customerId, ctx.customers.idsMatching(filter.search)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(b2bRegistrationApplications)
      .where(where)
      .orderBy(desc(b2bRegistrationApplications.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
    ctx.db.select({ n: count() }).from(b2bRegistrationApplications).where(where),
  ]);
  return { member: await withApplicants(ctx, rows), totalItems: total?.n ?? 0, page: paging.page, itemsPerPage: paging.itemsPerPage };
}

export async function findApplication(ctx: Reader, id: number): Promise<ApplicationView | undefined> {
  const [application] = await ctx.db.select().from(b2bRegistrationApplications).where(eq(b2bRegistrationApplications.id, id));
  return application && (await withApplicants(ctx, [application]))[0];
}
