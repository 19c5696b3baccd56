/**
 * The merchant's side of payment terms: what a company owes on purchase orders, and recording a
 * purchase order's payment, which gives its amount back to the company's credit.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../platform/errors.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import type { PricingContext } from '../context.ts';
import { b2bPricingCompanies, b2bPricingPurchaseOrders } from '../tables.ts';
import { openTotal } from './credit.ts';

type LedgerRow = typeof b2bPricingPurchaseOrders.$inferSelect;

const purchaseOrderView = (row: LedgerRow, now: Date) => ({
  orderId: row.orderId,
  orderNumber: row.orderNumber,
  poNumber: row.poNumber,
  amount: row.amount,
  currency: row.currency,
  dueAt: formatTimestamp(row.dueAt),
  paidAt: row.paidAt === null ? null : formatTimestamp(row.paidAt),
  overdue: row.paidAt === null && row.dueAt.getTime() < now.getTime(),
});

/** A company's account: its credit limit, what it owes, what is left, and its unpaid purchase orders (oldest due first). */
export async function companyAccount(ctx: PricingContext, companyId: number) {
  const [company] = await ctx.db.select().from(b2bPricingCompanies).where(eq(b2bPricingCompanies.id, companyId));
  if (!company) throw new AppError('not_found', 'company_not_found', `No company with id ${companyId}.`);
  const owed = await openTotal(ctx, companyId);
  const unpaid = await ctx.db
    .select()
    .from(b2bPricingPurchaseOrders)
    .where(and(eq(b2bPricingPurchaseOrders.companyId, companyId), isNull(b2bPricingPurchaseOrders.paidAt)))
    .orderBy(asc(b2bPricingPurchaseOrders.dueAt), asc(b2bPricingPurchaseOrders.orderId));
  const statuses = await ctx.orders.statuses(unpaid.map((row) => row.orderId));
  const now = ctx.clock();
  const limit = company.termsCreditLimit;
  return {
    companyId,
    creditLimit: limit,
    openTotal: owed,
    available: limit === null ? null : Math.max(0, Math.round((limit - owed) * 100) / 100),
    openPurchaseOrders: unpaid.filter((row) => statuses.has(row.orderId) && statuses.get(row.orderId) !== 'canceled').map((row) => purchaseOrderView(row, now)),
  };
}

/** Records that a purchase order was paid (once: a second time is 409), audited; the company's credit is free again by its amount. */
export async function recordPayment(ctx: PricingContext, orderId: number) {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db.select().from(b2bPricingPurchaseOrders).where(eq(b2bPricingPurchaseOrders.orderId, orderId)).for('update');
    if (!row) throw new AppError('not_found', 'purchase_order_not_found', `Order ${orderId} was not placed on a purchase order.`);
    if (row.paidAt !== null) throw new AppError('conflict', 'already_paid', `Purchase order ${row.poNumber} (order ${row.orderNumber}) was recorded paid on ${formatTimestamp(row.paidAt)}.`);
    const [paid] = await tx.db.update(b2bPricingPurchaseOrders).set({ paidAt: tx.clock() }).where(eq(b2bPricingPurchaseOrders.orderId, orderId)).returning();
    await tx.audit.record({ action: 'purchase_order.paid', subject: `order:${orderId}`, diff: { paidAt: { from: null, to: formatTimestamp(paid!.paidAt!) } } });
    return purchaseOrderView(paid!, tx.clock());
  });
}
