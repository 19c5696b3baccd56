import { and, asc, eq } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Db } from '../../platform/db/database.ts';
import { orderLines, orders } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { BulkRequest } from './bulk.ts';
import type { LineConfiguration } from './configuration.ts';

/** An order line to buy again: what the answer names, and the add request (or why it cannot be one). */
export interface ReorderLine {
  sku: string;
  qty: number;
  request: BulkRequest;
}

/**
 * The add request that buys an order line again with the choice it was bought with: a bundle's
 * selections and a downloadable's links are kept as ids, so today's catalog checks them (a selection
 * no longer sold asks for a new choice); a variant's own SKU becomes the configurable's variant again
 * (variant-parents.ts). A gift card is not bought again: its amount, recipient and message belonged
 * to that one gift, so the shopper chooses anew on its product page.
 */
function requestFor(sku: string, qty: number, configuration: LineConfiguration | null): BulkRequest {
  if (configuration === null) return { sku, qty };
  switch (configuration.type) {
    case 'bundle': {
      const bundleOptions: Record<string, number[]> = {};
      for (const { optionId, selectionId } of configuration.selections) (bundleOptions[String(optionId)] ??= []).push(selectionId);
      return { sku, qty, bundleOptions };
    }
    case 'downloadable':
      return { sku, qty, links: configuration.linkIds };
    case 'giftcard':
      return new AppError('invalid', 'options_required', `${sku} is a gift card: choose its amount and recipient again on its product page.`);
  }
}

/**
 * The lines of one of the caller's own orders, in their order. A guest, an admin or API client, another
 * customer's order and a number that does not exist all answer the same 404 as
 * `GET /customers/me/orders/{number}`, so the answer never tells whether a number exists.
 */
export async function linesToBuyAgain(db: Db, caller: Caller, number: string): Promise<ReorderLine[]> {
  const [order] =
    caller.kind === 'customer' ? await db.select({ id: orders.id }).from(orders).where(and(eq(orders.number, number), eq(orders.customerId, caller.customerId))) : [];
  if (!order) throw new AppError('not_found', 'order_not_found', `You have no order ${number}.`);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return lines.map(({ sku, qty, configuration }) => ({ sku, qty, request: requestFor(sku, qty, configuration) }));
}
