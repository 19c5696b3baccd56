/**
 * A company's account on its payment terms, on its editor page: the credit limit, what it owes on
 * unpaid purchase orders, what is left, and each unpaid order with *Record payment* (asked once, as
 * it cannot be undone: the order's amount becomes credit again).
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { confirmPage, isConfirmed } from '../../../platform/admin/confirm-step.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { sayOutcome } from '../../../platform/admin/outcome-flash.ts';
import { formFields } from '../../../platform/admin/page.ts';
import { formatMoney } from '../../../platform/money.ts';
import { AppError } from '../../../platform/errors.ts';
import type { PricingContext } from '../context.ts';
import { companyAccount, recordPayment } from '../payment-terms/ledger.ts';
import { RecordId } from '../routes/wire.ts';
import { contextOf, idOf } from './page-kit.ts';
import { adminBase } from './paths.ts';

const amount = formatMoney;

/** The account section, or nothing for a company that has no terms and owes nothing. */
export async function accountSection(ctx: PricingContext, companyId: number, csrfToken: string) {
  const account = await companyAccount(ctx, companyId);
  if (account.creditLimit === null && account.openPurchaseOrders.length === 0) return '';
  const currency = account.openPurchaseOrders[0]?.currency ?? (await ctx.stores.defaultStore())?.baseCurrencyCode ?? '';
  return html`<section aria-labelledby="account-heading">
    <h2 id="account-heading">Account</h2>
    <p data-company-account>
      Owes <strong>${amount(account.openTotal, currency)}</strong> on ${account.openPurchaseOrders.length} unpaid purchase orders${account.creditLimit === null
        ? html` (no payment terms now)`
        : html` of a ${amount(account.creditLimit, currency)} credit limit: <strong>${amount(account.available ?? 0, currency)}</strong> available`}.
    </p>
    ${account.openPurchaseOrders.length === 0
      ? ''
      : html`<div class="table-scroll"><table>
          <tr><th>Order</th><th>PO number</th><th>Amount</th><th>Due</th><th><span class="visually-hidden">Payment</span></th></tr>
          ${account.openPurchaseOrders.map(
            (po) => html`<tr data-purchase-order="${po.orderNumber}">
              <td><a href="/admin/orders/${po.orderId}">${po.orderNumber}</a></td>
              <td>${po.poNumber}</td>
              <td>${amount(po.amount, po.currency)}</td>
              <td>${po.dueAt.slice(0, 10)}${po.overdue ? html` <strong>overdue</strong>` : ''}</td>
              <td><form method="post" action="${adminBase}/companies/${companyId}/purchase-orders/${po.orderId}/payment">${csrfField(csrfToken)}<button type="submit">Record payment</button></form></td>
            </tr>`,
          )}
        </table></div>`}
  </section>`;
}

function orderIdOf(c: Context<AdminEnv>): number {
  const id = RecordId.safeParse(c.req.param('orderId'));
  if (!id.success) throw new AppError('not_found', 'purchase_order_not_found', 'No such purchase order.');
  return id.data;
}

/** `POST /companies/:id/purchase-orders/:orderId/payment`: asks once, then records the payment and says what it did. */
export const accountPages = new Hono<AdminEnv>().post('/:id/purchase-orders/:orderId/payment', async (c) => {
  const ctx = contextOf(c);
  const companyId = idOf(c, 'company');
  const orderId = orderIdOf(c);
  const po = (await companyAccount(ctx, companyId)).openPurchaseOrders.find((open) => open.orderId === orderId);
  const back = `${adminBase}/companies/${companyId}`;
  if (!po) {
    sayOutcome(c, 'That purchase order is not unpaid any more: nothing was recorded.');
    return c.redirect(back, 303);
  }
  const fields = await formFields(c);
  if (!isConfirmed(fields)) {
    return confirmPage(c, {
      question: `Record the payment of purchase order ${po.poNumber}?`,
      consequence: `Order ${po.orderNumber} (${amount(po.amount, po.currency)}, due ${po.dueAt.slice(0, 10)}) is marked paid and its amount is the company's credit again. This cannot be undone.`,
      action: `${back}/purchase-orders/${orderId}/payment`,
      fields,
      confirmLabel: 'Record the payment',
      cancelHref: back,
    });
  }
  await recordPayment(ctx, orderId);
  sayOutcome(c, `Recorded the payment of ${po.poNumber} (order ${po.orderNumber}): ${amount(po.amount, po.currency)} is credit again.`);
  return c.redirect(back, 303);
});
