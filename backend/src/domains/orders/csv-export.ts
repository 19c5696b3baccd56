/** Every order as a spreadsheet (issue 17), for the admin's Export link and the admin REST API alike. */
import { desc } from 'drizzle-orm';
import { spreadsheetCsv } from '../../platform/csv.ts';
import type { Db } from '../../platform/db/database.ts';
import { orders } from '../../platform/db/schema/index.ts';

export const ORDER_CSV_COLUMNS = ['number', 'date_utc', 'status', 'email', 'customer', 'currency', 'subtotal', 'shipping', 'grand_total', 'payment_method', 'shipping_method', 'country'];

/** Newest first; formulas neutralised (csv.ts). */
export async function exportOrdersCsv(db: Db): Promise<string> {
  const rows = await db.select().from(orders).orderBy(desc(orders.id));
  const records = rows.map((o) => [
    o.number,
    o.createdAt.toISOString().slice(0, 19).replace('T', ' '),
    o.status,
    o.email,
    `${o.shippingAddress.firstName} ${o.shippingAddress.lastName}`,
    o.currency,
    String(o.subtotal),
    String(o.shippingAmount),
    String(o.grandTotal),
    o.paymentMethod,
    o.shippingMethod,
    o.shippingAddress.countryId,
  ]);
  return spreadsheetCsv(ORDER_CSV_COLUMNS, records);
}
