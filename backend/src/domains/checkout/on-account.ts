/**
 * Payment on account: methods a module offers beside the card providers (B2B Pricing's purchase
 * order). Such an order is placed without a card payment, carries the buyer's purchase-order number
 * and the day payment is due, and waits in `pending` until the merchant records the payment.
 */
import type { Caller } from '../../platform/auth/caller.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { HookMap, HookRegistry, OnAccountMethod } from '../../platform/modules/hooks.ts';

/** The methods paid on account this caller is offered in a store view (none without a module offering one). */
export async function onAccountMethods(hooks: HookRegistry, scope: { caller: Caller; storeId: number; currency: string }): Promise<OnAccountMethod[]> {
  if (!hooks.has('checkout.paymentMethods')) return [];
  const offered: OnAccountMethod[] = [];
  const offer = (method: OnAccountMethod) => {
    if (!offered.some((known) => known.code === method.code)) offered.push(method);
  };
  await hooks.run('checkout.paymentMethods', { ...scope, offer });
  return offered;
}

const unavailable = (code: string) =>
  new AppError('invalid', 'payment_method_unavailable', `Payment method "${code}" is not offered; see GET /payment-methods.`, [
    { location: 'json', field: 'paymentMethod', message: 'Not offered.' },
  ]);

/** What place-order's transaction does for an order paid on account: its module records it and says when payment is due. */
export type SettleOnAccount = (tx: Db, order: HookMap['checkout.placeOnAccount']['order']) => Promise<Date>;

/**
 * Checks, before any write, that `code` is a method on account offered to this caller with a PO number,
 * and answers how the order's transaction settles it: the offering module's `checkout.placeOnAccount`
 * handler runs inside that transaction (so a refusal, e.g. 402 `credit_limit`, rolls the order back).
 */
export async function onAccountPayment(
  hooks: HookRegistry,
  scope: { caller: Caller; storeId: number; currency: string },
  code: string,
  poNumber: string | undefined,
): Promise<{ poNumber: string; settle: SettleOnAccount }> {
  const offered = await onAccountMethods(hooks, scope);
  if (!offered.some((method) => method.code === code)) throw unavailable(code);
  if (poNumber === undefined) {
    throw new AppError('invalid', 'invalid_request', 'A purchase order needs its number.', [{ location: 'json', field: 'poNumber', message: 'Required for payment on account.' }]);
  }
  const settle: SettleOnAccount = async (tx, order) => {
    let due: Date | null = null;
    const accept = (terms: { paymentDueAt: Date }) => {
      due = terms.paymentDueAt;
    };
    await hooks.run('checkout.placeOnAccount', { caller: scope.caller, method: code, poNumber, storeId: scope.storeId, order, accept }, { db: tx });
    if (due === null) throw unavailable(code);
    return due;
  };
  return { poNumber, settle };
}
