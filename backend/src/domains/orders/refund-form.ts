import { formatMoney } from '../../platform/money.ts';
import { randomUUID } from 'node:crypto';
import { html } from 'hono/html';
import { control, wrappedField } from '../../platform/admin/fields.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { AppError, refusedFields } from '../../platform/errors.ts';
import { fromMinorUnits } from './refund-entry.ts';
import { maxReasonLength, refundOrder, type OrderRefund, type RefundBalance, type RefundContext } from './refunds.ts';

/** What was typed in the Refund form, and what was wrong with it. */
export interface RefundFormState {
  typed: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * The order page's Refund form. It carries a key made when the page was drawn, so sending it twice
 * (a double click, a resend after the provider did not answer) refunds once; a refused form is drawn
 * again with the same key and what was typed.
 */
export function refundSection(csrfToken: string, order: { id: number; currency: string; grandTotal: number }, balance: RefundBalance, state?: RefundFormState) {
  const refunded = balance.refundedMinor > 0 ? html`<p>Refunded ${formatMoney(fromMinorUnits(balance.refundedMinor), order.currency)} of ${formatMoney(order.grandTotal, order.currency)}.</p>` : '';
  if (balance.unrefundable) return html`<h2>Refunds</h2>${refunded}<p class="muted">${balance.unrefundable}</p>`;
  const typed = state?.typed ?? {};
  const errors = state?.errors ?? {};
  const left = formatMoney(fromMinorUnits(balance.remainingMinor), order.currency);
  const error = (name: string) => (errors[name] ? { id: `refund-${name}-error`, message: errors[name] } : undefined);
  const described = (name: string) => (errors[name] ? { 'aria-invalid': 'true', 'aria-describedby': `refund-${name}-error` } : {});
  return html`<h2>Refunds</h2>
    ${refunded}
    <form method="post" action="/admin/orders/${order.id}/refunds">
      ${csrfField(csrfToken)}
      <input type="hidden" name="key" value="${typed.key || randomUUID()}" />
      ${wrappedField(`Amount to refund (${order.currency}; empty refunds all that is left, ${left})`, control('input', { name: 'amount', inputmode: 'decimal', value: typed.amount ?? '', ...described('amount') }), error('amount'))}
      ${wrappedField('Reason for refunding (kept in the history)', control('input', { name: 'reason', maxlength: maxReasonLength, value: typed.reason ?? '', ...described('reason') }), error('reason'))}
      <button type="submit" class="danger">Refund through the payment provider</button>
    </form>`;
}

/**
 * What the confirmation asks before the provider is called: the amount typed (or all that is left) in
 * the currency's own notation, and where it goes. The page knows the provider and its payment
 * reference, not the card's digits, so it names those. Undefined when the amount cannot be refunded:
 * the refund's own check then answers by the field, with nothing asked.
 */
export function refundQuestion(typedAmount: number | undefined, order: { number: string; currency: string; customerName: string; paymentMethod: string; paymentIntentId: string | null }, balance: RefundBalance) {
  const amount = typedAmount ?? fromMinorUnits(balance.remainingMinor);
  if (balance.unrefundable || amount <= 0 || amount > fromMinorUnits(balance.remainingMinor)) return undefined;
  const money = (value: number) => formatMoney(value, order.currency);
  const remains = fromMinorUnits(balance.remainingMinor) - amount;
  return {
    question: `Refund ${money(amount)} of order ${order.number} to ${order.customerName}?`,
    consequence: `The ${order.paymentMethod} payment ${order.paymentIntentId ?? ''} is refunded at once; a refund cannot be taken back. ${remains > 0 ? `${money(remains)} will remain refundable.` : 'Nothing will remain to refund.'}`,
    confirmLabel: `Refund ${money(amount)}`,
  };
}

/** What the page says once refunded: "Refunded $20.00; $164.00 remains." */
export function refundOutcome(refund: OrderRefund): string {
  const money = (amount: number) => formatMoney(amount, refund.currency);
  return `Refunded ${money(refund.amount)}; ${refund.remaining > 0 ? `${money(refund.remaining)} remains.` : 'the order is refunded in full.'}`;
}

/**
 * Sends the Refund form, read by the API's own schema (`OrderRefundBody` through formInput: an empty
 * amount is all that is left). Answers the refund once made, or the form to draw again: the message
 * by its field, or for the page (nothing to refund, the provider refused) with the HTTP status of the
 * refusal.
 */
export async function submitRefundForm(
  ctx: RefundContext,
  orderId: number,
  input: { amount?: number; reason?: string },
  typed: Record<string, string>,
): Promise<{ refund: OrderRefund } | { state: RefundFormState; error?: string; status: 400 | 409 | 502 | 503 }> {
  try {
    const { refund } = await refundOrder(ctx, orderId, { ...input, idempotencyKey: typed.key?.trim().slice(0, 100) || undefined });
    return { refund };
  } catch (error) {
    if (!(error instanceof AppError) || error.kind === 'not_found') throw error;
    const status = error.status === 409 || error.status === 502 || error.status === 503 ? error.status : 400;
    const errors = refusedFields(error);
    return { state: { typed, errors }, error: Object.keys(errors).length > 0 ? undefined : error.message, status };
  }
}
