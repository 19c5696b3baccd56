import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { customerGroups, customers } from '../../platform/db/schema/index.ts';
import type { ApprovalStatus } from './approval.ts';

/** An account as modules see it: never its password hash. */
export interface CustomerSummary {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  groupId: number;
  approvalStatus: ApprovalStatus;
  createdAt: Date;
}

const summary = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  groupId: customers.groupId,
  approvalStatus: customers.approvalStatus,
  createdAt: customers.createdAt,
};

/** What modules may read of the accounts (ModuleContext `customers`). */
export function customerReads(db: Db) {
  return {
    async byId(id: number): Promise<CustomerSummary | undefined> {
      const [row] = await db.select(summary).from(customers).where(eq(customers.id, id));
      return row;
    },
    /** Emails are stored lower-cased: pass the address lower-cased. */
    async byEmail(email: string): Promise<CustomerSummary | undefined> {
      const [row] = await db.select(summary).from(customers).where(eq(customers.email, email));
      return row;
    },
    byIds(ids: readonly number[]): Promise<CustomerSummary[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select(summary).from(customers).where(inArray(customers.id, [...ids]));
    },
    async countWithStatus(status: ApprovalStatus): Promise<number> {
      const [row] = await db.select({ n: count() }).from(customers).where(eq(customers.approvalStatus, status));
      return row?.n ?? 0;
    },
    /**
     * One page of accounts, newest first: with `status`, only those; with `search`, those whose email or
     * last name contains it (case-insensitive). `total` counts every match.
     */
    async page(filter: { status?: ApprovalStatus; search?: string }, paging: { page: number; pageSize: number }): Promise<{ rows: CustomerSummary[]; total: number }> {
      const where = and(
        filter.status ? eq(customers.approvalStatus, filter.status) : undefined,
        filter.search ? or(ilike(customers.email, `%${filter.search}%`), ilike(customers.lastName, `%${filter.search}%`)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select(summary).from(customers).where(where).orderBy(desc(customers.id)).limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(customers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /**
     * The ids of the accounts whose email or last name contains `search`, as a subquery a module filters
     * its own rows by (`inArray(table.customerId, …)`): one statement, however many accounts match.
     */
    idsMatching(search: string) {
      return db
        .select({ id: customers.id })
        .from(customers)
        .where(or(ilike(customers.email, `%${search}%`), ilike(customers.lastName, `%${search}%`)));
    },
    /** Which of these customer group ids exist. */
    async existingGroupIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      return new Set((await db.select({ id: customerGroups.id }).from(customerGroups).where(inArray(customerGroups.id, [...ids]))).map((row) => row.id));
    },
    async groupIdByCode(code: string): Promise<number | undefined> {
      const [group] = await db.select({ id: customerGroups.id }).from(customerGroups).where(eq(customerGroups.code, code)).limit(1);
      return group?.id;
    },
  };
}

export type CustomerReads = ReturnType<typeof customerReads>;
