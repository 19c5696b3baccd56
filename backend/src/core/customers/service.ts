import { and, eq, ne } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import { customerAddresses, customerGroups, customers } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { formatTimestamp } from '../time.ts';

/** New accounts join General (group 1), as in the classic commerce model; the admin moves them. */
export const defaultCustomerGroupId = 1;

export async function loadCustomer(db: Db, id: number) {
  const [row] = await db
    .select({ customer: customers, groupCode: customerGroups.code })
    .from(customers)
    .innerJoin(customerGroups, eq(customerGroups.id, customers.groupId))
    .where(eq(customers.id, id));
  if (!row) throw new AppError('not_found', 'customer_not_found', 'The account no longer exists.');
  const { customer, groupCode } = row;
  return {
    id: customer.id,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    groupId: customer.groupId,
    groupCode,
    createdAt: formatTimestamp(customer.createdAt),
    updatedAt: formatTimestamp(customer.updatedAt),
  };
}

function emailTaken(): AppError {
  return new AppError('conflict', 'email_taken', 'An account with this email already exists.', [{ location: 'json', field: 'email', message: 'Already registered.' }]);
}

export async function createCustomer(db: Db, input: { email: string; password: string; firstName: string; lastName: string }): Promise<number> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  // The unique index decides between two sign-ups with one email; no read-then-write race.
  const [created] = await db
    .insert(customers)
    .values({ email, passwordHash, firstName: input.firstName, lastName: input.lastName, groupId: defaultCustomerGroupId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: customers.email })
    .returning({ id: customers.id });
  if (!created) throw emailTaken();
  return created.id;
}

export async function updateCustomer(db: Db, id: number, input: { email?: string; firstName?: string; lastName?: string }): Promise<void> {
  const email = input.email?.toLowerCase();
  if (email) {
    const [other] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.email, email), ne(customers.id, id)));
    if (other) throw emailTaken();
  }
  await db
    .update(customers)
    .set({ ...input, ...(email ? { email } : {}), updatedAt: new Date() })
    .where(eq(customers.id, id));
}

type AddressRow = typeof customerAddresses.$inferSelect;

export function addressOut(row: AddressRow) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    street: row.street,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    countryId: row.countryId,
    telephone: row.telephone,
    isDefaultShipping: row.isDefaultShipping,
    isDefaultBilling: row.isDefaultBilling,
  };
}
