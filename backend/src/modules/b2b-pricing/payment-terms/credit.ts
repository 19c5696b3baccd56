import { and, eq, isNull } from 'drizzle-orm';
import type { PricingContext } from '../context.ts';
import { b2bPricingPurchaseOrders } from '../tables.ts';

/** Cents, so sums of amounts with two decimals add up exactly. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * What a company owes on purchase orders now: those not yet paid, except orders canceled since
 * (their goods went back to stock, so nothing is owed).
 */
export async function openTotal(ctx: PricingContext, companyId: number): Promise<number> {
  const unpaid = await ctx.db
    .select({ orderId: b2bPricingPurchaseOrders.orderId, amount: b2bPricingPurchaseOrders.amount })
    .from(b2bPricingPurchaseOrders)
    .where(and(eq(b2bPricingPurchaseOrders.companyId, companyId), isNull(b2bPricingPurchaseOrders.paidAt)));
  const statuses = await ctx.orders.statuses(unpaid.map((row) => row.orderId));
  const owed = unpaid.filter((row) => statuses.has(row.orderId) && statuses.get(row.orderId) !== 'canceled');
  return owed.reduce((sum, row) => sum + cents(row.amount), 0) / 100;
}

/** Whether `amount` more stays within the limit (to the cent). */
export const withinLimit = (open: number, amount: number, limit: number): boolean => cents(open) + cents(amount) <= cents(limit);
