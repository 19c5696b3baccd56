import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { customers } from '../../../platform/db/schema/index.ts';
import type { Db } from '../../../platform/db/database.ts';
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
    attributes: application.attributes,
    note: application.note,
    createdAt: formatTimestamp(application.createdAt),
    decidedAt: application.decidedAt ? formatTimestamp(application.decidedAt) : null,
    decidedBy: application.decidedBy,
  };
}

export type ApplicationView = ReturnType<typeof applicationOut>;

const withCustomer = { application: b2bRegistrationApplications, customerEmail: customers.email, customerStatus: customers.approvalStatus };

/** Applications, newest first, by status and a search in the applicant's email. */
export async function listApplications(db: Db, filter: { status?: ApplicationStatus; search?: string; customerId?: number }, paging: Paging) {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(b2bRegistrationApplications.status, filter.status) : undefined,
    filter.customerId ? eq(b2bRegistrationApplications.customerId, filter.customerId) : undefined,
    filter.search ? or(ilike(customers.email, `%${filter.search}%`), ilike(customers.lastName, `%${filter.search}%`)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(withCustomer)
      .from(b2bRegistrationApplications)
      .innerJoin(customers, eq(customers.id, b2bRegistrationApplications.customerId))
      .where(where)
      .orderBy(desc(b2bRegistrationApplications.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
    db.select({ n: count() }).from(b2bRegistrationApplications).innerJoin(customers, eq(customers.id, b2bRegistrationApplications.customerId)).where(where),
  ]);
  return { member: rows.map(applicationOut), totalItems: total?.n ?? 0, page: paging.page, itemsPerPage: paging.itemsPerPage };
}

export async function findApplication(db: Db, id: number): Promise<ApplicationView | undefined> {
  const [row] = await db.select(withCustomer).from(b2bRegistrationApplications).innerJoin(customers, eq(customers.id, b2bRegistrationApplications.customerId)).where(eq(b2bRegistrationApplications.id, id));
  return row ? applicationOut(row) : undefined;
}
