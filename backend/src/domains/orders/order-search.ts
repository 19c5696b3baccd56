/**
 * Finding orders (issue 17). The Sales → Orders grid and `GET /api/rest/v2/admin/orders` ask the
 * same question (a search, a status, the days placed, a sort, a page) and get the same answer from
 * here; only how each reads its query differs: the grid ignores what it cannot read, the API
 * refuses it by field.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { orders, type OrderStatus } from '../../platform/db/schema/index.ts';

export const orderSorts = ['date', '-date', 'total', '-total', 'number', '-number'] as const;
export type OrderSort = (typeof orderSorts)[number];
export const orderSortColumns = { date: orders.createdAt, total: orders.grandTotal, number: orders.number };

export interface OrderSearch {
  /** Part of the number, the email or the name on the shipping address ("first last"), any case; '' for all. */
  q: string;
  status: OrderStatus | '';
  /** First and last day placed (YYYY-MM-DD, UTC, both included); '' for no bound. */
  from: string;
  to: string;
  sort: OrderSort;
}

/** A real calendar day written YYYY-MM-DD: Date.parse rolls 2026-02-31 over to March, so only a day that reads back the same is one. */
export const isCalendarDay = (day: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(Date.parse(`${day}T00:00:00Z`) || 0).toISOString().slice(0, 10) === day;

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(startOf(day).getTime() + 86_400_000);

function orderWhere(search: OrderSearch): SQL | undefined {
  const like = `%${search.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const name = sql`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName')`;
  return and(
    search.q ? or(ilike(orders.number, like), ilike(orders.email, like), sql`${name} ilike ${like}`) : undefined,
    search.status ? eq(orders.status, search.status) : undefined,
    search.from ? gte(orders.createdAt, startOf(search.from)) : undefined,
    search.to ? lt(orders.createdAt, dayAfter(search.to)) : undefined,
  );
}

/** One page of the orders found (newest order first among equals) and how many there are in all. */
export async function searchOrders(db: Db, search: OrderSearch, page: { page: number; size: number }) {
  const where = orderWhere(search);
  const column = orderSortColumns[search.sort.replace('-', '') as keyof typeof orderSortColumns];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(search.sort.startsWith('-') ? desc(column) : asc(column), desc(orders.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The name the search matches and the grid shows: the shipping address's. */
export const customerNameOf = (order: typeof orders.$inferSelect): string => `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`;
