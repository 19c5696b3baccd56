import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { cartItems, carts } from '../../platform/db/schema/index.ts';
import { findOrCreateCart, hashCartToken } from './identity.ts';
import { sameChoiceAs } from './items.ts';

/**
 * On login the guest cart joins the customer's cart of the same store view (DECISIONS.md 23): lines
 * for the same product, choices and parent add up (see sameChoiceAs), others move over; the guest cart is closed. One
 * transaction, so a failure leaves both carts as they were. Stock is checked again at checkout.
 */
export async function mergeGuestCart(db: Db, guestToken: string, customerId: number): Promise<void> {
  const [guestCart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.guestTokenHash, hashCartToken(guestToken)), eq(carts.status, 'active')));
  if (!guestCart) return;
  await db.transaction(async (tx) => {
    const target = await findOrCreateCart(tx, { customerId }, guestCart.storeId);
    const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guestCart.id));
    for (const line of lines) {
      const [same] = await tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.cartId, target.id), sameChoiceAs(line)));
      if (same) {
        await tx.update(cartItems).set({ qty: same.qty + line.qty, updatedAt: new Date() }).where(eq(cartItems.id, same.id));
        await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      } else {
        await tx.update(cartItems).set({ cartId: target.id }).where(eq(cartItems.id, line.id));
      }
    }
    await tx.update(carts).set({ status: 'merged', updatedAt: new Date() }).where(eq(carts.id, guestCart.id));
  });
}
