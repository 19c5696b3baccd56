/**
 * What the admin's Cancel asks before it runs (confirm-step.ts) and says after (outcome-flash.ts):
 * the order, its customer and total, and what follows: the items go back in stock and an
 * authorized card payment is released, and a canceled order cannot be reopened.
 */
import type { ConfirmStep } from '../../platform/admin/confirm-step.ts';
import type { AdminOrderView } from './admin-order-view.ts';
import { moneyIn } from './refund-form.ts';

export function cancelQuestion(order: AdminOrderView): Pick<ConfirmStep, 'question' | 'consequence' | 'confirmLabel'> {
  const units = order.lines.reduce((sum, line) => sum + line.qty, 0);
  // Only an authorized (uncaptured) payment can be on a cancelable order: a captured one asks for a refund instead (cancel.ts).
  const held = order.payments.find((payment) => payment.status === 'requires_capture');
  const money = moneyIn(order.currency);
  return {
    question: `Cancel order ${order.number} for ${order.customerName} (${money(order.grandTotal)})?`,
    consequence: `Its ${units} item${units === 1 ? '' : 's'} go back in stock${held ? ` and the ${money(held.amount)} held on the card is released` : ''}; it will not be shipped. A canceled order cannot be reopened.`,
    confirmLabel: 'Cancel the order',
  };
}

/** What the order's page says once canceled. */
export const cancelOutcome = (order: AdminOrderView) => `Canceled order ${order.number}; its items are back in stock.`;
