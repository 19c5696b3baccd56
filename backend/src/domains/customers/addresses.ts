import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from '@hono/zod-openapi';
import type { Db } from '../../platform/db/database.ts';
import { customerAddresses } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { addressOut } from './service.ts';
import type { AddressInputSchema } from './schemas.ts';

type AddressInput = z.infer<typeof AddressInputSchema>;

export async function listAddresses(db: Db, customerId: number) {
  const rows = await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)).orderBy(asc(customerAddresses.id));
  return rows.map(addressOut);
}

/** Writes an address; marking it a default clears that flag on the customer's other addresses, in one transaction. */
export async function saveAddress(db: Db, customerId: number, input: AddressInput, id?: number) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const values = {
      ...input,
      company: input.company ?? null,
      region: input.region ?? null,
      telephone: input.telephone ?? null,
      isDefaultShipping: input.isDefaultShipping ?? false,
      isDefaultBilling: input.isDefaultBilling ?? false,
      updatedAt: now,
    };
    const [row] =
      id === undefined
        ? await tx.insert(customerAddresses).values({ ...values, customerId, createdAt: now }).returning()
        : await tx
            .update(customerAddresses)
            .set(values)
            .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
            .returning();
    if (!row) throw new AppError('not_found', 'address_not_found', `You have no address ${id}.`);
    const others = and(eq(customerAddresses.customerId, customerId), ne(customerAddresses.id, row.id));
    if (row.isDefaultShipping) await tx.update(customerAddresses).set({ isDefaultShipping: false }).where(others);
    if (row.isDefaultBilling) await tx.update(customerAddresses).set({ isDefaultBilling: false }).where(others);
    return addressOut(row);
  });
}

export async function deleteAddress(db: Db, customerId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
    .returning({ id: customerAddresses.id });
  if (deleted.length === 0) throw new AppError('not_found', 'address_not_found', `You have no address ${id}.`);
}
