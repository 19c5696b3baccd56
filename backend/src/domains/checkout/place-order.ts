import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { carts, orderLines, orders, products, type AddressSnapshot } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { CartView } from '../carts/cart-view.ts';
import { rememberCheckoutAddresses } from '../customers/remember-addresses.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Totals } from '../shipping/methods.ts';
import type { StoreView } from '../stores/store-view.ts';
import type { SettleOnAccount } from './on-account.ts';
import { enqueueOrderConfirmation } from './order-confirmation.ts';

export interface NewOrder {
  storeId: number;
  customerId: number | null;
  email: string;
  ownerKey: string;
  idempotencyKey: string;
  cart: CartView & { id: number };
  totals: Totals;
  shippingMethod: string;
  paymentMethod: string;
  /** The card payment secured for this order; null when it is paid on account. */
  paymentIntentId: string | null;
  /** Paid on account (on-account.ts): the buyer's PO number, and the module's settlement inside the transaction. */
  onAccount?: { poNumber: string; settle: SettleOnAccount };
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  /** A customer's "Save this address": both addresses go to the address book with the order. */
  saveAddresses: boolean;
}

/** What the confirmation email needs beyond the order: the outbox, the store view it was placed in, the shipping method's title. */
export interface ConfirmationContext {
  mailer: Mailer;
  store: StoreView;
  shippingTitle: string;
}

/** A retry of an earlier attempt: the order that attempt made, if any. */
export async function findOrderByIdempotencyKey(db: Db, ownerKey: string, idempotencyKey: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.ownerKey, ownerKey), eq(orders.idempotencyKey, idempotencyKey)));
  return row?.id;
}

/**
 * Writes the order in one transaction: takes the stock of every line with a conditional UPDATE
 * (qty >= wanted), so of two buyers of the last unit exactly one succeeds, the other rolls back with
 * 409; writes the order and its lines; closes the cart; writes the confirmation email to the outbox;
 * saves the addresses to a customer's address book when asked (in here, so a failed order saves none).
 * An order paid on account waits in `pending` for its payment, with the due date its module settled.
 * A concurrent retry with the same idempotency key loses on the unique index and gets the winner's
 * order id instead (and its email is rolled back with it).
 */
export async function placeOrder(db: Db, order: NewOrder, confirmation: ConfirmationContext): Promise<{ orderId: number; replayed: boolean }> {
  try {
    const orderId = await db.transaction(async (tx) => {
      for (const line of order.cart.items) {
        const taken = await tx
          .update(products)
          .set({
            qty: sql`${products.qty} - ${line.qty}`,
            stockStatus: sql`case when ${products.qty} - ${line.qty} <= 0 then 'out_of_stock' else ${products.stockStatus} end`,
            updatedAt: new Date(),
          })
          .where(and(eq(products.id, line.productId), gte(products.qty, line.qty), eq(products.stockStatus, 'in_stock'), eq(products.isEnabled, true)))
          .returning({ id: products.id });
        if (taken.length === 0) {
          throw new AppError('conflict', 'insufficient_stock', `${line.sku} is no longer in stock in the quantity ordered.`, { sku: line.sku });
        }
      }
      const closed = await tx
        .update(carts)
        .set({ status: 'ordered', updatedAt: new Date() })
        .where(and(eq(carts.id, order.cart.id), eq(carts.status, 'active')))
        .returning({ id: carts.id });
      if (closed.length === 0) throw new AppError('conflict', 'cart_already_ordered', 'This cart was ordered by another request.');

      const [created] = await tx
        .insert(orders)
        .values({
          number: `pending-${order.ownerKey}-${order.idempotencyKey}`,
          storeId: order.storeId,
          customerId: order.customerId,
          email: order.email,
          status: order.onAccount ? 'pending' : 'processing',
          currency: order.cart.currency,
          ...order.totals,
          shippingMethod: order.shippingMethod,
          paymentMethod: order.paymentMethod,
          paymentIntentId: order.paymentIntentId,
          poNumber: order.onAccount?.poNumber ?? null,
          shippingAddress: order.shippingAddress,
          billingAddress: order.billingAddress,
          ownerKey: order.ownerKey,
          idempotencyKey: order.idempotencyKey,
          cartId: order.cart.id,
        })
        .returning({ id: orders.id });
      if (!created) throw new Error('insert returned no order');
      // Numbers follow the id, so they are unique and increasing without a second sequence.
      const number = String(100_000_000 + created.id);
      const paymentDueAt = order.onAccount ? await order.onAccount.settle(tx, { id: created.id, number, currency: order.cart.currency, grandTotal: order.totals.grandTotal }) : null;
      await tx.update(orders).set({ number, paymentDueAt }).where(eq(orders.id, created.id));
      await tx.insert(orderLines).values(
        order.cart.items.map((line) => ({
          orderId: created.id,
          productId: line.productId,
          sku: line.sku,
          name: line.name,
          options: line.options,
          configuration: line.configuration,
          qty: line.qty,
          price: line.price,
          rowTotal: line.rowTotal,
        })),
      );
      const confirmationMailId = await enqueueOrderConfirmation(tx, confirmation.mailer, confirmation.store, {
        number,
        email: order.email,
        customerId: order.customerId,
        currency: order.cart.currency,
        lines: order.cart.items,
        ...order.totals,
        shippingTitle: confirmation.shippingTitle,
        shippingAddress: order.shippingAddress,
      });
      await tx.update(orders).set({ confirmationMailId }).where(eq(orders.id, created.id));
      if (order.saveAddresses && order.customerId !== null) {
        await rememberCheckoutAddresses(tx, order.customerId, order.shippingAddress, order.billingAddress);
      }
      return created.id;
    });
    return { orderId, replayed: false };
  } catch (error) {
    const winner = await findOrderByIdempotencyKey(db, order.ownerKey, order.idempotencyKey);
    if (winner !== undefined && (isUniqueViolation(error) || (error instanceof AppError && error.code === 'cart_already_ordered'))) {
      return { orderId: winner, replayed: true };
    }
    throw error;
  }
}
