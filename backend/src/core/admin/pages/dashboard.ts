import { count, desc, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { customers, orders, products } from '../../db/schema/index.ts';
import type { AdminEnv } from '../admin-env.ts';
import { renderPage } from '../page.ts';

export const dashboardPage = new Hono<AdminEnv>().get('/', async (c) => {
  const db = c.var.db;
  const [[productCount], [customerCount], [orderStats], recent] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(customers),
    db.select({ n: count(), revenue: sum(orders.grandTotal) }).from(orders),
    db.select().from(orders).orderBy(desc(orders.id)).limit(5),
  ]);
  const platform = c.var.modules;
  const moduleCards = await Promise.all(
    platform.modules.flatMap((module) => {
      const card = module.admin?.dashboardCard;
      return card ? [card.value(platform.context(module.id, {})).then((value) => ({ ...card, value }))] : [];
    }),
  );
  return renderPage(
    c,
    'Dashboard',
    html`<div class="cards">
        <div class="card"><strong>${productCount?.n ?? 0}</strong><br />products</div>
        <div class="card"><strong>${customerCount?.n ?? 0}</strong><br />customers</div>
        <div class="card"><strong>${orderStats?.n ?? 0}</strong><br />orders</div>
        <div class="card"><strong>${orderStats?.revenue ?? '0'}</strong><br />revenue (all currencies)</div>
        ${moduleCards.map((card) => html`<div class="card"><strong>${card.value}</strong><br />${card.href ? html`<a href="/admin${card.href}">${card.title}</a>` : card.title}</div>`)}
      </div>
      <h2>Latest orders</h2>
      <table>
        <tr><th>Number</th><th>Email</th><th>Total</th><th>Status</th></tr>
        ${recent.map((o) => html`<tr><td><a href="/admin/orders/${o.id}">${o.number}</a></td><td>${o.email}</td><td>${o.grandTotal} ${o.currency}</td><td>${o.status}</td></tr>`)}
      </table>`,
  );
});
