import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { orders } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { countHit } from '../../platform/rate-limit/counter.ts';
import { orderRecords } from './load.ts';

/**
 * Lookups per hour: per client IP (someone guessing many orders), and per order number (many IPs
 * guessing one order's email and postcode). Over either, 429 before the database is asked.
 */
export const guestLookupLimits = { perIp: 20, perOrder: 10, window: { seconds: 3600 } } as const;

export interface GuestLookup {
  number: string;
  email: string;
  postcode: string;
  ip: string;
}

/** Postcodes as people type them: "sw1a 1aa", "SW1A-1AA" and "SW1A1AA" are one code. */
export const normalisePostcode = (postcode: string) => postcode.replace(/[\s-]+/g, '').toUpperCase();

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Equal in constant time: both sides are hashed first, so lengths never differ. */
function sameSecret(given: string, stored: string): boolean {
  return timingSafeEqual(digest(given), digest(stored));
}

function notFound(): AppError {
  return new AppError('not_found', 'order_not_found', 'We found no order with this number, email and postcode. Check them against your order confirmation email.');
}

/**
 * A guest's order by its number, the email it was placed with and its billing or shipping postcode,
 * for shoppers without an account (issue 12 §6). Every mismatch answers the same 404 after the
 * same comparisons, so the answer never tells which part was wrong nor whether the number exists.
 * Only guest orders: an account's orders are behind its password.
 */
export async function lookUpGuestOrder(db: Db, request: GuestLookup) {
  const number = request.number.trim();
  const [perIp, perOrder] = await Promise.all([
    countHit(db, `order-lookup:ip:${request.ip}`, guestLookupLimits.window),
    countHit(db, `order-lookup:order:${number}`, guestLookupLimits.window),
  ]);
  if (perIp > guestLookupLimits.perIp || perOrder > guestLookupLimits.perOrder) {
    const retryAfter = guestLookupLimits.window.seconds - (Math.floor(Date.now() / 1000) % guestLookupLimits.window.seconds);
    throw new AppError('rate_limited', 'too_many_attempts', `Too many order lookups. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, { retryAfter }, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  const rows = await db.select().from(orders).where(and(eq(orders.number, number), isNull(orders.customerId)));
  const [row] = rows;
  const email = request.email.trim().toLowerCase();
  const postcode = normalisePostcode(request.postcode);
  // Compared even when no order was found (against nothing), so both take the same work.
  const emailMatches = sameSecret(email, row?.email ?? '');
  const shippingMatches = sameSecret(postcode, normalisePostcode(row?.shippingAddress.postcode ?? ''));
  const billingMatches = sameSecret(postcode, normalisePostcode(row?.billingAddress.postcode ?? ''));
  if (!row || !emailMatches || !(shippingMatches || billingMatches)) throw notFound();
  const [record] = await orderRecords(db, rows);
  if (!record) throw notFound();
  return record;
}
