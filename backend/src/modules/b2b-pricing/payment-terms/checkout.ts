/**
 * Purchase orders at checkout (DECISIONS.md 60): offered to the buyers of a company with payment
 * terms; placing one locks the company, checks the credit left and records the order in the
 * module's ledger, inside the order's own transaction (so a refusal leaves no order and no stock taken).
 */
import { AppError } from '../../../platform/errors.ts';
import { formatMoney } from '../../../platform/money.ts';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { PricingContext } from '../context.ts';
import { b2bPricingPurchaseOrders } from '../tables.ts';
import { purchaseOrderCode, termsOf } from './company-terms.ts';
import { openTotal, withinLimit } from './credit.ts';

const dayMs = 86_400_000;

export async function offerPurchaseOrder(input: HookMap['checkout.paymentMethods'], ctx: PricingContext): Promise<void> {
  const terms = await termsOf(ctx, input.caller);
  if (!terms || terms.currency !== input.currency) return;
  input.offer({ code: purchaseOrderCode, title: `Purchase order (net ${terms.netDays} days)` });
}

export async function placePurchaseOrder(input: HookMap['checkout.placeOnAccount'], ctx: PricingContext): Promise<void> {
  if (input.method !== purchaseOrderCode) return;
  const terms = await termsOf(ctx, input.caller, { lock: true });
  // Terms withdrawn (or the buyer moved) since the methods were listed: not accepted, so the core refuses the method.
  if (!terms || terms.currency !== input.order.currency) return;
  const open = await openTotal(ctx, terms.companyId);
  if (!withinLimit(open, input.order.grandTotal, terms.creditLimit)) {
    const available = Math.max(0, Math.round((terms.creditLimit - open) * 100) / 100);
    throw new AppError(
      'payment_required',
      'credit_limit',
      `This order (${formatMoney(input.order.grandTotal, terms.currency)}) would pass your company's credit limit: ${formatMoney(available, terms.currency)} is available on account. Pay by card, or ask us to raise the limit.`,
      { creditLimit: terms.creditLimit, openTotal: open, available, currency: terms.currency },
    );
  }
  const now = ctx.clock();
  const dueAt = new Date(now.getTime() + terms.netDays * dayMs);
  await ctx.db.insert(b2bPricingPurchaseOrders).values({
    orderId: input.order.id,
    companyId: terms.companyId,
    orderNumber: input.order.number,
    poNumber: input.poNumber,
    amount: input.order.grandTotal,
    currency: input.order.currency,
    dueAt,
    createdAt: now,
  });
  input.accept({ paymentDueAt: dueAt });
}
