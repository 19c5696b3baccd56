import { formatMoney } from '../money.ts';
import { asc, count, desc, exists, ne, not, sql, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { customers, orders, productLinks, products } from '../db/schema/index.ts';
import type { AdminEnv } from './admin-env.ts';
import { renderPage } from './page.ts';
import { orderStatusLabel } from '../../../../contracts/order-status.ts';

/** A product that is some configurable's variant: the merchant counts it inside its parent. */
const isVariant = exists(
  sql`(select 1 from ${productLinks} where ${productLinks.linkedProductId} = ${products.id} and ${productLinks.linkType} = 'variant')`,
);

/** Orders placed since the start of today (UTC), and in the last 7 and 30 days. */
const ordersSince = (interval: string) => sql<number>`count(*) filter (where ${orders.createdAt} >= now() - ${interval}::interval)`.mapWith(Number);

export const dashboardPage = new Hono<AdminEnv>().get('/', async (c) => {
  const db = c.var.db;
  const [[productCount], [variantCount], [customerCount], [orderStats], revenue, recent, newest] = await Promise.all([
    db.select({ n: count() }).from(products).where(not(isVariant)),
    db.select({ n: count() }).from(products).where(isVariant),
    db.select({ n: count() }).from(customers),
    db
      .select({
        n: count(),
        today: sql<number>`count(*) filter (where ${orders.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`.mapWith(Number),
        week: ordersSince('7 days'),
        month: ordersSince('30 days'),
      })
      .from(orders),
    // Amounts in different currencies are never added up: one figure per currency, canceled orders left out.
    db
      .select({ currency: orders.currency, total: sum(orders.grandTotal), n: count() })
      .from(orders)
      .where(ne(orders.status, 'canceled'))
      .groupBy(orders.currency)
      .orderBy(asc(orders.currency)),
    db.select().from(orders).orderBy(desc(orders.id)).limit(5),
    db
      .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName, createdAt: customers.createdAt })
      .from(customers)
      .orderBy(desc(customers.id))
      .limit(5),
  ]);
  const platform = c.var.modules;
  const moduleCards = await Promise.all(
    platform.modules.flatMap((module) => {
      const card = module.admin?.dashboardCard;
      return card ? [card.value(platform.context(module.id, {})).then((value) => ({ ...card, value }))] : [];
    }),
  );
  const money = (amount: number | string | null, currency: string) => formatMoney(Number(amount ?? 0), currency);
  return renderPage(
    c,
    'Dashboard',
    html`<div class="cards">
        <div class="card" data-card="products"><strong>${productCount?.n ?? 0}</strong><br />products <span class="muted">(${variantCount?.n ?? 0} variants inside them)</span></div>
        <div class="card" data-card="customers"><strong>${customerCount?.n ?? 0}</strong><br />customers</div>
        <div class="card" data-card="orders"><strong>${orderStats?.n ?? 0}</strong><br />orders</div>
        <div class="card" data-card="orders-today"><strong>${orderStats?.today ?? 0}</strong><br />orders today</div>
        <div class="card" data-card="orders-7-days"><strong>${orderStats?.week ?? 0}</strong><br />orders in 7 days</div>
        <div class="card" data-card="orders-30-days"><strong>${orderStats?.month ?? 0}</strong><br />orders in 30 days</div>
        ${revenue.length === 0
          ? html`<div class="card" data-card="revenue"><strong>0</strong><br />revenue</div>`
          : revenue.map((row) => html`<div class="card" data-card="revenue-${row.currency}"><strong>${money(row.total, row.currency)}</strong><br />revenue in ${row.currency} <span class="muted">(${row.n} orders)</span></div>`)}
        ${moduleCards.map((card) => html`<div class="card"><strong>${card.value}</strong><br />${card.href ? html`<a href="/admin${card.href}">${card.title}</a>` : card.title}</div>`)}
      </div>
      <h2>Latest orders</h2>
      <div class="table-scroll">
        <table data-testid="latest-orders">
          <tr><th>Number</th><th>Email</th><th>Total</th><th>Status</th><th>Placed</th></tr>
          ${recent.map((o) => html`<tr><td><a href="/admin/orders/${o.id}">${o.number}</a></td><td>${o.email}</td><td>${money(o.grandTotal, o.currency)}</td><td>${orderStatusLabel(o.status)}</td><td>${o.createdAt.toISOString().slice(0, 16).replace('T', ' ')}</td></tr>`)}
        </table>
      </div>
      <h2>Latest customers</h2>
      <div class="table-scroll">
        <table data-testid="latest-customers">
          <tr><th>Name</th><th>Email</th><th>Registered</th></tr>
          ${newest.map((cu) => html`<tr><td><a href="/admin/customers/${cu.id}">${cu.firstName} ${cu.lastName}</a></td><td>${cu.email}</td><td>${cu.createdAt.toISOString().slice(0, 10)}</td></tr>`)}
        </table>
      </div>`,
  );
});

