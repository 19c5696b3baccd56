import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { customerAddresses, type AddressSnapshot } from '../../platform/db/schema/index.ts';

type AddressRow = typeof customerAddresses.$inferSelect;

/** The parts that make two addresses the same place and person (not which default it is). */
function sameAddress(row: AddressRow, address: AddressSnapshot): boolean {
  return (
    row.firstName === address.firstName &&
    row.lastName === address.lastName &&
    (row.company ?? null) === (address.company ?? null) &&
    row.street.join('\n') === address.street.join('\n') &&
    row.city === address.city &&
    (row.region ?? null) === (address.region ?? null) &&
    row.postcode === address.postcode &&
    row.countryId === address.countryId &&
    (row.telephone ?? null) === (address.telephone ?? null)
  );
}

/**
 * Saves an order's shipping and billing addresses to the customer's address book ("Save this
 * address" at checkout), run in the place-order transaction so the book changes exactly when an
 * order is placed. An address already in the book is not added twice. A customer without a default
 * shipping (billing) address gets this order's as the default; existing defaults are kept, since
 * the shopper chose them on purpose.
 */
export async function rememberCheckoutAddresses(tx: Db, customerId: number, shipping: AddressSnapshot, billing: AddressSnapshot): Promise<void> {
  const book = await tx.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
  const hasDefault = { shipping: book.some((row) => row.isDefaultShipping), billing: book.some((row) => row.isDefaultBilling) };
  const ensure = async (address: AddressSnapshot): Promise<AddressRow> => {
    const known = book.find((row) => sameAddress(row, address));
    if (known) return known;
    const now = new Date();
    const [row] = await tx
      .insert(customerAddresses)
      .values({
        customerId,
        firstName: address.firstName,
        lastName: address.lastName,
        company: address.company ?? null,
        street: address.street,
        city: address.city,
        region: address.region ?? null,
        postcode: address.postcode,
        countryId: address.countryId,
        telephone: address.telephone ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no address');
    book.push(row);
    return row;
  };
  const shippingRow = await ensure(shipping);
  const billingRow = await ensure(billing);
  if (!hasDefault.shipping) await tx.update(customerAddresses).set({ isDefaultShipping: true }).where(eq(customerAddresses.id, shippingRow.id));
  if (!hasDefault.billing) await tx.update(customerAddresses).set({ isDefaultBilling: true }).where(eq(customerAddresses.id, billingRow.id));
}
