import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { orders, type OrderStatus } from '../../platform/db/schema/index.ts';

/** What modules may read of the orders (ModuleContext `orders`). */
export function orderReads(db: Db) {
  return {
    /** The status of each order named (an order no longer there is absent): a module keeping its own ledger of orders checks which still count. */
    async statuses(orderIds: readonly number[]): Promise<Map<number, OrderStatus>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, [...orderIds]));
      return new Map(rows.map((row) => [row.id, row.status]));
    },
  };
}

export type OrderReads = ReturnType<typeof orderReads>;
