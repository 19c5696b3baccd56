import { count, desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { orders } from '../../db/schema/index.ts';
import type { AddressSnapshot } from '../../db/schema/index.ts';
import { csvResponseHeaders, spreadsheetCsv } from '../../csv.ts';
import { orderRecordById } from '../../orders/load.ts';
import type { AdminEnv } from '../admin-env.ts';
import { renderPage } from '../page.ts';
import { pager } from '../pager.ts';

const pageSize = 50;
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

const address = (a: AddressSnapshot) =>
  html`${a.firstName} ${a.lastName}<br />${a.company ? html`${a.company}<br />` : ''}${a.street.map((line) => html`${line}<br />`)}${a.postcode} ${a.city}${a.region ? html`, ${a.region}` : ''}<br />${a.countryId}`;

const ORDER_COLUMNS = ['number', 'date_utc', 'status', 'email', 'customer', 'currency', 'subtotal', 'shipping', 'grand_total', 'payment_method', 'shipping_method', 'country'];

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
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const [rows, [total]] = await Promise.all([
      c.var.db.select().from(orders).orderBy(desc(orders.id)).limit(pageSize).offset((page - 1) * pageSize),
      c.var.db.select({ n: count() }).from(orders),
    ]);
    const pages = Math.max(1, Math.ceil((total?.n ?? 0) / pageSize));
    return renderPage(
      c,
      'Orders',
      html`<p><a href="/admin/orders/export.csv">Export CSV</a></p>
        <p class="muted">${total?.n ?? 0} orders · page ${page} of ${pages}</p>
        <table>
          <tr><th>Number</th><th>Date</th><th>Email</th><th>Total</th><th>Status</th></tr>
          ${rows.map(
            (o) =>
              html`<tr><td><a href="/admin/orders/${o.id}">${o.number}</a></td><td>${o.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td><td>${o.email}</td><td>${o.grandTotal} ${o.currency}</td><td>${o.status}</td></tr>`,
          )}
        </table>
        ${pager(page, pages)}`,
    );
  })
  .get('/:id', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const order = id.success ? await orderRecordById(c.var.db, id.data) : undefined;
    if (!order) return c.notFound();
    return renderPage(
      c,
      `Order ${order.number}`,
      html`<p>${order.createdAt} UTC · ${order.email} · <strong>${order.status}</strong> · paid by ${order.paymentMethod}, shipped by ${order.shippingMethod}</p>
        <table>
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
        </div>`,
    );
  });
