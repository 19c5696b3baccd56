/** Every customer account as a spreadsheet (issue 17), for the admin's Export link and the admin REST API alike. */
import { asc, eq } from 'drizzle-orm';
import { spreadsheetCsv } from '../../platform/csv.ts';
import type { Db } from '../../platform/db/database.ts';
import { customerGroups, customers } from '../../platform/db/schema/index.ts';

export const CUSTOMER_CSV_COLUMNS = ['email', 'first_name', 'last_name', 'group', 'approval_status', 'created_utc'];

/** Oldest first; no password hashes or tokens; formulas neutralised (csv.ts), names being typed by customers. */
export async function exportCustomersCsv(db: Db): Promise<string> {
  const rows = await db
    .select({ customer: customers, group: customerGroups.code })
    .from(customers)
    .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
    .orderBy(asc(customers.id));
  const records = rows.map(({ customer, group }) => [
    customer.email,
    customer.firstName,
    customer.lastName,
    group,
    customer.approvalStatus,
    customer.createdAt.toISOString().slice(0, 19).replace('T', ' '),
  ]);
  return spreadsheetCsv(CUSTOMER_CSV_COLUMNS, records);
}
