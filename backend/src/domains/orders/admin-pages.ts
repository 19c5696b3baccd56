import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { orderStatuses } from '../../platform/db/schema/index.ts';
import type { AddressSnapshot } from '../../platform/db/schema/index.ts';
import { csvResponseHeaders } from '../../platform/csv.ts';
import { AppError, refusedFields } from '../../platform/errors.ts';
import { formatMoney } from '../../platform/money.ts';
import { orderStatusLabel } from '../../../../contracts/order-status.ts';
import { methodTitles } from '../shipping/methods.ts';
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
import { parseForm } from '../../platform/admin/form-input.ts';
import { OrderCancelBody, OrderNoteBody, OrderRefundBody, OrderShipBody } from './admin-schemas.ts';
import { GridDay, PageSize } from '../../platform/admin/grid-query.ts';
import { dataGrid, type DataGridSpec } from '../../platform/admin/data-grid.ts';

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
/** The note form: the API's note (OrderNoteBody's `message`, its messages) under the form's name. */
const NoteForm = z.object({ note: OrderNoteBody.shape.message });

/** The grid's columns and filters; the number links to the order. */
const orderGrid: DataGridSpec<Awaited<ReturnType<typeof searchOrders>>['rows'][number]> = {
  plural: 'orders',
  searchPlaceholder: 'Number, email or name',
  links: [{ href: '/admin/orders/export.csv', label: 'Export CSV' }],
  filters: [
    { name: 'status', label: 'Status', choices: orderStatuses.map((status) => ({ value: status, label: orderStatusLabel(status) })) },
    { name: 'from', label: 'Placed from', day: true },
    { name: 'to', label: 'to', day: true },
  ],
  columns: [
    { label: 'Number', sort: 'number', cell: (o) => html`<a href="/admin/orders/${o.id}">${o.number}</a>` },
    { label: 'Date (UTC)', sort: 'date', cell: (o) => o.createdAt.toISOString().slice(0, 16).replace('T', ' ') },
    { label: 'Email', cell: (o) => o.email },
    { label: 'Total', sort: 'total', cell: (o) => formatMoney(o.grandTotal, o.currency) },
    { label: 'Status', cell: (o) => orderStatusLabel(o.status) },
  ],
};

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

/** Which of the page's short forms was refused, what was typed in it, and the messages by field. */
interface RefusedForm {
  form: 'notes' | 'ship' | 'cancel';
  typed: Record<string, string>;
  errors: Record<string, string>;
}

/** A short form's field: what was typed again after a refusal, and its message beside it (announced, pointed at). */
function shortField(refused: RefusedForm | undefined, form: RefusedForm['form'], label: string, tag: 'input' | 'textarea', attributes: Record<string, string | number | boolean> & { name: string }) {
  const mine = refused?.form === form ? refused : undefined;
  const message = mine?.errors[attributes.name];
  const id = `${form}-${attributes.name}-error`;
  const typed = mine?.typed[attributes.name];
  const described = message ? { 'aria-invalid': 'true', 'aria-describedby': id } : {};
  const input = tag === 'textarea' ? control('textarea', { ...attributes, ...described }, typed ?? '') : control('input', { ...attributes, value: typed, ...described });
  return wrappedField(label, input, message ? { id, message } : undefined);
}

/** Cancel when cancel.ts allows it; when only a refund can, why (a complete or canceled order shows nothing). */
function cancelSection(csrfToken: string, order: AdminOrderView, refused?: RefusedForm) {
  if (order.cancelRefusal?.error === 'refund_required') return html`<p class="muted">${order.cancelRefusal.message}</p>`;
  if (order.cancelRefusal) return '';
  return html`<form method="post" action="/admin/orders/${order.id}/cancel">
    ${csrfField(csrfToken)}
    ${shortField(refused, 'cancel', 'Reason for canceling', 'input', { name: 'reason', maxlength: maxCancelReasonLength })}
    <button type="submit" class="danger">Cancel the order and put its items back in stock</button>
  </form>`;
}

/** The payment method as checkout named it (the provider's title; a purchase order by its number), not its code. */
function paymentTitle(c: Context<AdminEnv>, order: AdminOrderView): string {
  if (order.purchaseOrder) return `Purchase order ${order.purchaseOrder.poNumber}`;
  return c.var.payments.get(order.paymentMethod)?.title ?? order.paymentMethod;
}

/** The shipping method's title ("Flat rate"), not its code. */
const shippingTitle = (code: string): string => (Object.hasOwn(methodTitles, code) ? methodTitles[code as keyof typeof methodTitles] : code);

/** The question before a cancel, which cannot be taken back: what goes back and what is released. */
function cancelQuestion(order: { number: string; customerName: string }, row: { paymentIntentId: string | null }) {
  return {
    question: `Cancel order ${order.number} of ${order.customerName}?`,
    consequence: `Its items go back in stock${row.paymentIntentId ? ' and its authorized payment is released' : ''}. A canceled order cannot be reopened.`,
    confirmLabel: `Cancel order ${order.number}`,
  };
}

/** Ship, for a shippable order (ship.ts): a pending card order awaits its payment, a complete or canceled one is done. */
function shipSection(csrfToken: string, order: AdminOrderView, refused?: RefusedForm) {
  if (!isShippable({ status: order.status, onAccount: order.purchaseOrder !== null })) return '';
  return html`<form method="post" action="/admin/orders/${order.id}/ship">
    ${csrfField(csrfToken)}
    ${shortField(refused, 'ship', 'Tracking reference (optional; in the history and the customer\'s email)', 'input', { name: 'tracking', maxlength: maxTrackingLength })}
    <button type="submit">Mark as shipped and email the customer</button>
  </form>`;
}

/** What a refused post shows on the order's page: the form as it was sent with its messages by field, or why for the whole page. */
interface Refusal {
  refund?: RefundFormState;
  form?: RefusedForm;
  error?: string;
  status: ContentfulStatusCode;
}

/**
 * An order's page; after a refused refund, note, shipment or cancel, with that form as it was sent
 * and what was wrong by its field; after a cancel the payment provider refused, or a shipment the
 * order's state refused, with why.
 */
async function orderPage(c: Context<AdminEnv>, id: number, refused?: Refusal) {
  const loaded = await loadAdminOrder(c.var.db, id);
  if (!loaded) return c.notFound();
  const { order, row, balance } = loaded;
  const refusedCancel = c.req.query('flash') === 'not_cancelable' ? (order.cancelRefusal?.message ?? 'This order can no longer be canceled.') : undefined;
  return renderPage(
    c,
    `Order ${order.number}`,
    // The lines table scrolls sideways on a phone; with no link in it, it takes the focus itself so a keyboard can scroll it.
    html`<p>${order.createdAt} UTC · ${order.email} · <strong data-order-status>${orderStatusLabel(order.status)}</strong> · Payment: ${paymentTitle(c, order)} · Shipping: ${shippingTitle(order.shippingMethod)}</p>
      <table tabindex="0" aria-label="Ordered items">
        <tr><th>SKU</th><th>Name</th><th>Options</th><th>Qty</th><th>Price</th><th>Total</th></tr>
        ${order.lines.map(
          (l) =>
            html`<tr><td>${l.sku}</td><td>${l.name}</td><td>${Object.entries(l.options).map(([k, v]) => `${k}: ${v}`).join(', ')}</td><td>${l.qty}</td><td>${money(l.price, order.currency)}</td><td>${money(l.rowTotal, order.currency)}</td></tr>`,
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
        ${shortField(refused?.form, 'notes', 'Add a note (for the shop\'s staff; the customer does not see it)', 'textarea', { name: 'note', rows: 3, maxlength: maxNoteLength, required: true })}
        <button type="submit">Add note</button>
      </form>
      ${shipSection(c.var.csrfToken, order, refused?.form)}
      ${cancelSection(c.var.csrfToken, order, refused?.form)}
      ${paymentsSection(order)}
      ${refundSection(c.var.csrfToken, row, balance, refused?.refund)}`,
    { error: refused?.error ?? refusedCancel, status: refused?.status },
  );
}

export const orderPages = new Hono<AdminEnv>()
  .get('/export.csv', async (c) => c.body(await exportOrdersCsv(c.var.db), 200, csvResponseHeaders('orders.csv')))
  .get('/', async (c) => {
    const filters = OrderFilters.parse(c.req.query());
    const { rows, total } = await searchOrders(c.var.db, filters, { page: filters.page, size: filters.size });
    return renderPage(c, 'Orders', dataGrid(c, orderGrid, { state: filters, defaults: orderDefaults, rows, total }));
  })
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    return id.success ? orderPage(c, id.data) : c.notFound();
  })
  .post('/:id/notes', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const typed = await formFields(c);
    const form = parseForm(NoteForm, typed);
    if ('errors' in form) return orderPage(c, id.data, { form: { form: 'notes', typed, errors: form.errors }, status: 400 });
    await addOrderNote({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, form.data.note);
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  })
  .post('/:id/ship', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const typed = await formFields(c);
    const form = parseForm(OrderShipBody, typed);
    if ('errors' in form) return orderPage(c, id.data, { form: { form: 'ship', typed, errors: form.errors }, status: 400 });
    try {
      await shipOrder({ db: c.var.db, notifications: c.var.notifications, mailer: c.var.mailer, actor: c.var.admin }, id.data, form.data.tracking ?? '');
    } catch (error) {
      if (error instanceof AppError && (error.kind === 'conflict' || error.kind === 'invalid')) {
        const errors = refusedFields(error);
        return orderPage(c, id.data, { form: { form: 'ship', typed, errors }, error: Object.keys(errors).length ? undefined : error.message, status: error.kind === 'conflict' ? 409 : 400 });
      }
      throw error;
    }
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  })
  .post('/:id/cancel', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const typed = await formFields(c);
    const form = parseForm(OrderCancelBody, typed);
    if ('errors' in form) return orderPage(c, id.data, { form: { form: 'cancel', typed, errors: form.errors }, status: 400 });
    const loaded = await loadAdminOrder(c.var.db, id.data);
    if (!loaded) return c.notFound();
    // Asked once, unless it cannot be canceled at all (then the refusal says why, as before).
    if (!isConfirmed(typed) && !loaded.order.cancelRefusal) {
      return confirmPage(c, { ...cancelQuestion(loaded.order, loaded.row), action: `/admin/orders/${id.data}/cancel`, fields: typed, cancelHref: `/admin/orders/${id.data}` });
    }
    try {
      await cancelOrder({ db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor: c.var.admin }, id.data, form.data.reason ?? '');
    } catch (error) {
      if (error instanceof AppError && error.kind === 'conflict') return c.redirect(`/admin/orders/${id.data}?flash=not_cancelable`, 303);
      if (error instanceof AppError && (error.kind === 'upstream' || error.kind === 'unavailable')) return orderPage(c, id.data, { error: error.message, status: 502 });
      throw error;
    }
    sayOutcome(c, `Canceled order ${loaded.order.number}; its items are back in stock.`);
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  })
  .post('/:id/refunds', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const typed = await formFields(c);
    // The API's body, read from the form: an empty amount is all that is left, text that is no amount is refused by its field.
    const form = parseForm(OrderRefundBody, typed);
    if ('errors' in form) return orderPage(c, id.data, { refund: { typed, errors: form.errors }, status: 400 });
    if (!isConfirmed(typed)) {
      const loaded = await loadAdminOrder(c.var.db, id.data);
      if (!loaded) return c.notFound();
      const asked = refundQuestion(form.data.amount, { ...loaded.row, customerName: loaded.order.customerName }, loaded.balance);
      if (asked) return confirmPage(c, { ...asked, action: `/admin/orders/${id.data}/refunds`, fields: typed, cancelHref: `/admin/orders/${id.data}` });
    }
    const context = { db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor: c.var.admin };
    const answer = await submitRefundForm(context, id.data, form.data, typed);
    if (!('refund' in answer)) return orderPage(c, id.data, { refund: answer.state, error: answer.error, status: answer.status });
    sayOutcome(c, refundOutcome(answer.refund));
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  });
