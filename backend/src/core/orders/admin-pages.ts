import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { orders, orderStatuses } from '../db/schema/index.ts';
import type { AddressSnapshot } from '../db/schema/index.ts';
import { csvResponseHeaders, spreadsheetCsv } from '../csv.ts';
import { AppError } from '../errors.ts';
import { addOrderNote, cancelOrder, orderHistoryOf } from './admin-actions.ts';
import { orderRecordById } from './load.ts';
import { refundSection, submitRefundForm, type RefundFormState } from './refund-form.ts';
import { refundBalance } from './refunds.ts';
import type { AdminEnv } from '../admin/admin-env.ts';
import { csrfField } from '../admin/layout.ts';
import { formFields, renderPage } from '../admin/page.ts';
import { gridQuery, option, PageSize, pageSizes, sortHeader } from '../admin/grid-query.ts';
import { pager } from '../admin/pager.ts';

/** A calendar day typed in a date field, or nothing (a bad one is ignored, not an error). */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // Date.parse rolls 2026-02-31 over to March: only a day that reads back the same is one.
  .refine((day) => new Date(Date.parse(`${day}T00:00:00Z`) || 0).toISOString().slice(0, 10) === day)
  .or(z.literal(''))
  .catch('');

/** Sales → Orders: search (number, email or the name on the shipping address), status, the day range it was placed in, sort and page size. */
const OrderFilters = z.object({
  q: z.string().trim().max(100).catch(''),
  status: z.enum(orderStatuses).or(z.literal('')).catch(''),
  from: Day,
  to: Day,
  sort: z.enum(['date', '-date', 'total', '-total', 'number', '-number']).catch('-date'),
  size: PageSize,
  page: z.coerce.number().int().min(1).catch(1),
});
type OrderFilters = z.infer<typeof OrderFilters>;
const orderDefaults: Partial<OrderFilters> = { sort: '-date', size: 50, page: 1 };
const orderSortColumns = { date: orders.createdAt, total: orders.grandTotal, number: orders.number };

function orderWhere(filters: OrderFilters): SQL | undefined {
  const like = `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return and(
    filters.q ? or(ilike(orders.number, like), ilike(orders.email, like), sql`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName') ilike ${like}`) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(orders.createdAt, dayAfter(filters.to)) : undefined,
  );
}
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

const address = (a: AddressSnapshot) =>
  html`${a.firstName} ${a.lastName}<br />${a.company ? html`${a.company}<br />` : ''}${a.street.map((line) => html`${line}<br />`)}${a.postcode} ${a.city}${a.region ? html`, ${a.region}` : ''}<br />${a.countryId}`;

const ORDER_COLUMNS = ['number', 'date_utc', 'status', 'email', 'customer', 'currency', 'subtotal', 'shipping', 'grand_total', 'payment_method', 'shipping_method', 'country'];

/** An order's page; after a refused refund, with the Refund form as it was sent and what was wrong. */
async function orderPage(c: Context<AdminEnv>, id: number, refund?: { state: RefundFormState; error?: string; status: ContentfulStatusCode }) {
  const order = await orderRecordById(c.var.db, id);
  const [row] = await c.var.db.select().from(orders).where(eq(orders.id, id));
  if (!order || !row) return c.notFound();
  const history = await orderHistoryOf(c.var.db, order.id);
  const balance = await refundBalance(c.var.db, row);
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
      <p>Subtotal ${order.subtotal} · Shipping ${order.shippingAmount} · <strong>Total ${order.grandTotal} ${order.currency}</strong></p>
      <div class="cards">
        <div class="card"><h3>Shipping address</h3>${address(order.shippingAddress)}</div>
        <div class="card"><h3>Billing address</h3>${address(order.billingAddress)}</div>
      </div>
      <h2>History</h2>
      <ul>
        <li>${order.createdAt} UTC: placed.</li>
        ${history.map((entry) => html`<li>${entry.createdAt} UTC, ${entry.actor}: ${entry.kind === 'canceled' ? html`<strong>canceled</strong> (${entry.message})` : entry.kind === 'refund' ? html`<strong>${entry.message}</strong>` : entry.message}</li>`)}
      </ul>
      <form method="post" action="/admin/orders/${order.id}/notes">
        ${csrfField(c.var.csrfToken)}
        <label>Add a note (for the shop's staff; the customer does not see it) <textarea name="note" rows="3" maxlength="5000" required></textarea></label>
        <button type="submit">Add note</button>
      </form>
      ${['pending', 'processing'].includes(order.status)
        ? html`<form method="post" action="/admin/orders/${order.id}/cancel">
            ${csrfField(c.var.csrfToken)}
            <label>Reason for canceling <input name="reason" maxlength="1000" /></label>
            <button type="submit" class="danger">Cancel the order and put its items back in stock</button>
          </form>`
        : ''}
      ${refundSection(c.var.csrfToken, row, balance, refund?.state)}`,
    { error: refund?.error ?? (c.req.query('flash') === 'not_cancelable' ? 'This order can no longer be canceled.' : undefined), status: refund?.status },
  );
}

export const orderPages = new Hono<AdminEnv>()
  .get('/export.csv', async (c) => {
    const rows = await c.var.db.select().from(orders).orderBy(desc(orders.id));
    const records = rows.map((o) => [
      o.number,
      o.createdAt.toISOString().slice(0, 19).replace('T', ' '),
      o.status,
      o.email,
      `${o.shippingAddress.firstName} ${o.shippingAddress.lastName}`,
      o.currency,
      String(o.subtotal),
      String(o.shippingAmount),
      String(o.grandTotal),
      o.paymentMethod,
      o.shippingMethod,
      o.shippingAddress.countryId,
    ]);
    return c.body(spreadsheetCsv(ORDER_COLUMNS, records), 200, csvResponseHeaders('orders.csv'));
  })
  .get('/', async (c) => {
    const filters = OrderFilters.parse(c.req.query());
    const where = orderWhere(filters);
    const column = orderSortColumns[filters.sort.replace('-', '') as keyof typeof orderSortColumns];
    const [rows, [total]] = await Promise.all([
      c.var.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(filters.sort.startsWith('-') ? desc(column) : asc(column), desc(orders.id))
        .limit(filters.size)
        .offset((filters.page - 1) * filters.size),
      c.var.db.select({ n: count() }).from(orders).where(where),
    ]);
    const pages = Math.max(1, Math.ceil((total?.n ?? 0) / filters.size));
    const link = (change: Partial<OrderFilters>) => gridQuery(filters, orderDefaults, change);
    const sortLink = (key: keyof typeof orderSortColumns, label: string) => sortHeader(filters.sort, key, label, (sort) => link({ sort: sort as OrderFilters['sort'], page: 1 }));
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
        <p class="muted">${total?.n ?? 0} orders · page ${filters.page} of ${pages}</p>
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
  .post('/:id/cancel', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    try {
      await cancelOrder({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, fields.reason ?? '');
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_cancelable') return c.redirect(`/admin/orders/${id.data}?flash=not_cancelable`, 303);
      throw error;
    }
    return c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  })
  .post('/:id/refunds', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const context = { db: c.var.db, notifications: c.var.notifications, payments: c.var.payments, actor: c.var.admin };
    const refused = await submitRefundForm(context, id.data, await formFields(c));
    return refused ? orderPage(c, id.data, refused) : c.redirect(`/admin/orders/${id.data}?flash=saved`, 303);
  });
