/**
 * What happened to an order after checkout, as its shopper may see it (issue 33 item 11): the
 * tracking reference of its shipment and the refunds given. Read from order_history, where the
 * admin's actions keep them; staff notes and who did what stay out (they are the shop's).
 */
import { and, asc, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { orderHistory } from '../../platform/db/schema/index.ts';
import { formatTimestamp } from '../../platform/time.ts';
import { decodeRefund, fromMinorUnits, refundKind } from './refund-entry.ts';
import { shipmentKind, trackingOf } from './shipment-note.ts';

export interface AfterSale {
  tracking: string | null;
  refunds: { amount: number; createdAt: string }[];
}

/** The after-sale view of each order id (one query whatever the count). */
export async function afterSaleOf(db: Db, orderIds: number[]): Promise<Map<number, AfterSale>> {
  const views = new Map<number, AfterSale>(orderIds.map((id) => [id, { tracking: null, refunds: [] }]));
  if (orderIds.length === 0) return views;
  const rows = await db
    .select()
    .from(orderHistory)
    .where(and(inArray(orderHistory.orderId, orderIds), inArray(orderHistory.kind, [shipmentKind, refundKind])))
    .orderBy(asc(orderHistory.id));
  for (const row of rows) {
    const view = views.get(row.orderId);
    if (!view) continue;
    if (row.kind === shipmentKind) view.tracking = trackingOf(row.message);
    const refund = row.kind === refundKind ? decodeRefund(row.message) : undefined;
    // A refund still under way at the provider is not money back yet: the shopper sees it once done.
    if (refund?.status === 'succeeded') view.refunds.push({ amount: fromMinorUnits(refund.amountMinor), createdAt: formatTimestamp(row.createdAt) });
  }
  return views;
}

/** An order as on the wire with its after-sale view added. */
export async function withAfterSale<T extends { id: number }>(db: Db, record: T): Promise<T & AfterSale> {
  const views = await afterSaleOf(db, [record.id]);
  return { ...record, ...(views.get(record.id) ?? { tracking: null, refunds: [] }) };
}
