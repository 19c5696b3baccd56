import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { orderStatuses } from '../../platform/db/schema/index.ts';
import type { AddressSnapshot } from '../../platform/db/schema/index.ts';
import { csvResponseHeaders } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { formatMoney } from '../../platform/money.ts';
import { addOrderNote, maxNoteLength } from './admin-actions.ts';
import { loadAdminOrder, type AdminOrderView } from './admin-order-view.ts';
import { cancelOrder, maxCancelReasonLength } from './cancel.ts';
import { exportOrdersCsv } from './csv-export.ts';
import { isShippable, maxTrackingLength, shipOrder } from './ship.ts';
import { orderSorts, searchOrders, type OrderSearch } from './order-search.ts';
import { refundOutcome, refundQuestion, refundSection, submitRefundForm, type RefundFormState } from './refund-form.ts';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { control, wrappedField } from '../../platform/admin/fields.ts';
import { csrfField } from '../../platform/admin/layout.ts';
import { confirmPage, isConfirmed } from '../../platform/admin/confirm-step.ts';
import { sayOutcome } from '../../platform/admin/outcome-flash.ts';
import { formFields, renderPage } from '../../platform/admin/page.ts';
import { gridQuery, GridDay, option, PageSize, pageSizes, sortHeader } from '../../platform/admin/grid-query.ts';
import { pager } from '../../platform/admin/pager.ts';

/** Sales → Orders: the search of order-search.ts (also the admin API's), read leniently: what the grid cannot read is ignored. */
const OrderFilters = z.object({
  q: z.string().trim().max(100).catch(''),
  status: z.enum(orderStatuses).or(z.literal('')).catch(''),
  from: GridDay,
  to: GridDay,
  sort: z.enum(orderSorts).catch('-date'),
  size: PageSize,
  page: z.coerce.number().int().min(1).catch(1),
}) satisfies z.ZodType<OrderSearch & { size: number; page: number }>;
type OrderFilters = z.infer<typeof OrderFilters>;
const orderDefaults: Partial<OrderFilters> = { sort: '-date', size: 50, page: 1 };
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

const address = (a: AddressSnapshot) =>
  html`${a.firstName} ${a.lastName}<br />${a.company ? html`${a.company}<br />` : ''}${a.street.map((line) => html`${line}<br />`)}${a.postcode} ${a.city}${a.region ? html`, ${a.region}` : ''}<br />${a.countryId}`;

const money = formatMoney;

/** The payments part: provider, its reference, amount, status and what was refunded. It scrolls sideways on a phone, so it takes the focus (no link in it). */
function paymentsSection(order: AdminOrderView) {
  if (order.purchaseOrder) {
    return html`<h2>Payment</h2><p>On account: purchase order <strong>${order.purchaseOrder.poNumber}</strong>, ${money(order.grandTotal, order.currency)} due by ${order.purchaseOrder.paymentDueAt.slice(0, 10)}.</p>`;
  }
  if (order.payments.length === 0) return html`<h2>Payment</h2><p class="muted">No card payment is recorded for this order.</p>`;
  return html`<h2>Payment</h2>
    <table tabindex="0" aria-label="Payments">
      <tr><th>Provider</th><th>Reference</th><th>Amount</th><th>Status</th><th>Refunded</th></tr>
      ${order.payments.map(
        (p) => html`<tr><td>${p.provider}</td><td><code>${p.reference}</code></td><td>${money(p.amount, p.currency)}</td><td>${p.status ?? 'unknown'}</td><td>${money(p.refundedTotal, p.currency)}</td></tr>`,
      )}
    </table>`;
}

/** Cancel when cancel.ts allows it; when only a refund can, why (a complete or canceled order shows nothing). */
function cancelSection(csrfToken: string, order: AdminOrderView) {
  if (order.cancelRefusal?.error === 'refund_required') return html`<p class="muted">${order.cancelRefusal.message}</p>`;
  if (order.cancelRefusal) return '';
  return html`<form method="post" action="/admin/orders/${order.id}/cancel">
    ${csrfField(csrfToken)}
    ${wrappedField('Reason for canceling', control('input', { name: 'reason', maxlength: maxCancelReasonLength }))}
    <button type="submit" class="danger">Cancel the order and put its items back in stock</button>
  </form>`;
}

/** Ship, for a shippable order (ship.ts): a pending card order awaits its payment, a complete or canceled one is done. */
function shipSection(csrfToken: string, order: AdminOrderView) {
  if (!isShippable({ status: order.status, onAccount: order.purchaseOrder !== null })) return '';
  return html`<form method="post" action="/admin/orders/${order.id}/ship">
    ${csrfField(csrfToken)}
    ${wrappedField('Tracking reference (optional; in the history and the customer\'s email)', control('input', { name: 'tracking', maxlength: maxTrackingLength }))}
    <button type="submit">Mark as shipped and email the customer</button>
  </form>`;
}

/**
 * An order's page; after a refused refund, with the Refund form as it was sent and what was wrong;
 * after a cancel the payment provider refused or a refused shipment, with why.
 */
async function orderPage(c: Context<AdminEnv>, id: number, refund?: { state?: RefundFormState; error?: string; status: ContentfulStatusCode }) {
  const loaded = await loadAdminOrder(c.var.db, id);
  if (!loaded) return c.notFound();
  const { order, row, balance } = loaded;
  const refusedCancel = c.req.query('flash') === 'not_cancelable' ? (order.cancelRefusal?.message ?? 'This order can no longer be canceled.') : undefined;
  return renderPage(
    c,
    `Order ${order.number}`,
    // The lines table scrolls sideways on a phone; with no link in it, it takes the focus itself so a keyboard can scroll it.
    html`<p>${order.createdAt} UTC · ${order.email} · <strong>${order.status}</strong> · paid by ${order.paymentMethod}, shipped by ${order.shippingMethod}</p>
      <table tabindex="0" aria-label="Ordered items">
        <tr><th>SKU</th><th>Name</th><th>Options</th><th>Qty</th><th>Price</th><th>Total</th></tr>
        ${order.lines.map(
          (l) =>
            html`<tr><td>${l.sku}</td><td>${l.name}</td><td>${Object.entries(l.options).map(([k, v]) => `${k}: ${v}`).join(', ')}</td><td>${l.qty}</td><td>${l.price}</td><td>${l.rowTotal}</td></tr>`,
        )}
      </table>
      <p>Subtotal ${money(order.subtotal, order.currency)} · Shipping ${money(order.shippingAmount, order.currency)} · <strong>Total ${money(order.grandTotal, order.currency)}</strong></p>
      <div class="cards">
        <div class="card"><h3>Shipping address</h3>${address(order.shippingAddress)}</div>
        <div class="card"><h3>Billing address</h3>${address(order.billingAddress)}</div>
      </div>
      <h2>History</h2>
      <ul>
        <li>${order.createdAt} UTC: placed.</li>
        ${order.history.map((entry) => html`<li>${entry.createdAt} UTC, ${entry.actor}: ${entry.kind === 'canceled' ? html`<strong>canceled</strong> (${entry.message})` : entry.kind === 'shipped' || entry.kind === 'refund' ? html`<strong>${entry.message}</strong>` : entry.message}</li>`)}
      </ul>
      <form method="post" action="/admin/orders/${order.id}/notes">
        ${csrfField(c.var.csrfToken)}
        ${wrappedField('Add a note (for the shop\'s staff; the customer does not see it)', control('textarea', { name: 'note', rows: 3, maxlength: maxNoteLength, required: true }))}
        <button type="submit">Add note</button>
      </form>
      ${shipSection(c.var.csrfToken, order)}
      ${cancelSection(c.var.csrfToken, order)}
      ${paymentsSection(order)}
      ${refundSection(c.var.csrfToken, row, balance, refund?.state)}`,
    { error: refund?.error ?? refusedCancel, status: refund?.status },
  );
}

export const orderPages = new Hono<AdminEnv>()
  .get('/export.csv', async (c) => c.body(await exportOrdersCsv(c.var.db), 200, csvResponseHeaders('orders.csv')))
  .get('/', async (c) => {
    const filters = OrderFilters.parse(c.req.query());
    const { rows, total } = await searchOrders(c.var.db, filters, { page: filters.page, size: filters.size });
    const pages = Math.max(1, Math.ceil(total / filters.size));
    const link = (change: Partial<OrderFilters>) => gridQuery(filters, orderDefaults, change);
    const sortLink = (key: 'date' | 'total' | 'number', label: string) => sortHeader(filters.sort, key, label, (sort) => link({ sort: sort as OrderFilters['sort'], page: 1 }));
    return renderPage(
      c,
      'Orders',
      html`<p><a href="/admin/orders/export.csv">Export CSV</a></p>
        <form method="get" class="filters">
          <input name="q" value="${filters.q}" placeholder="Number, email or name" aria-label="Search orders" />
          <label>Status <select name="status">${option('', 'Any', filters.status)}${orderStatuses.map((status) => option(status, status, filters.status))}</select></label>
          <label>Placed from <input type="date" name="from" value="${filters.from}" /></label>
          <label>to <input type="date" name="to" value="${filters.to}" /></label>
          <label>Per page <select name="size">${pageSizes.map((size) => option(String(size), String(size), filters.size))}</select></label>
          <input type="hidden" name="sort" value="${filters.sort}" />
          <button>Search</button>
        </form>
        <p class="muted">${total} orders · page ${filters.page} of ${pages}</p>
        <div class="table-scroll"><table>
          <tr>${sortLink('number', 'Number')}${sortLink('date', 'Date (UTC)')}<th>Email</th>${sortLink('total', 'Total')}<th>Status</th></tr>
          ${rows.map(
            (o) =>
              html`<tr><td><a href="/admin/orders/${o.id}">${o.number}</a></td><td>${o.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td><td>${o.email}</td><td>${o.grandTotal} ${o.currency}</td><td>${o.status}</td></tr>`,
          )}
        </table></div>
        ${pager(filters.page, pages, link({}))}`,
    );
  })
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    return id.success ? orderPage(c, id.data) : c.notFound();
  })
  .post('/:id/notes', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    if (!(fields.note ?? '').trim()) return c.redirect(`/admin/orders/${id.data}`, 303);
    await addOrderNote({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, fields.note ?? '');
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  })
  .post('/:id/ship', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    try {
      await shipOrder({ db: c.var.db, notifications: c.var.notifications, mailer: c.var.mailer, actor: c.var.admin }, id.data, fields.tracking ?? '');
    } catch (error) {
      if (error instanceof AppError && (error.kind === 'conflict' || error.kind === 'invalid')) return orderPage(c, id.data, { error: error.message, status: error.kind === 'conflict' ? 409 : 400 });
      throw error;
    }
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  })
  .post('/:id/cancel', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    try {
      await cancelOrder({ db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor: c.var.admin }, id.data, fields.reason ?? '');
    } catch (error) {
      if (error instanceof AppError && error.kind === 'conflict') return c.redirect(`/admin/orders/${id.data}?flash=not_cancelable`, 303);
      if (error instanceof AppError && (error.kind === 'upstream' || error.kind === 'unavailable')) return orderPage(c, id.data, { error: error.message, status: 502 });
      throw error;
    }
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  })
  .post('/:id/refunds', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    if (!isConfirmed(fields)) {
      const loaded = await loadAdminOrder(c.var.db, id.data);
      if (!loaded) return c.notFound();
      const asked = refundQuestion(fields, { ...loaded.row, customerName: loaded.order.customerName }, loaded.balance);
      if (asked) return confirmPage(c, { ...asked, action: `/admin/orders/${id.data}/refunds`, fields, cancelHref: `/admin/orders/${id.data}` });
    }
    const context = { db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor: c.var.admin };
    const answer = await submitRefundForm(context, id.data, fields);
    if (!('refund' in answer)) return orderPage(c, id.data, answer);
    sayOutcome(c, refundOutcome(answer.refund));
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  });
