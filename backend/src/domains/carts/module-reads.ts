import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { cartItems, products } from '../../platform/db/schema/index.ts';

/** What modules may read of the carts (ModuleContext `carts`). */
export function cartReads(db: Db) {
  return {
    /** A cart's lines with their product's SKU and name and their quantity (a hook checking the cart again before an order). */
    lines(cartId: number) {
      return db
        .select({ id: cartItems.id, productId: cartItems.productId, configuration: cartItems.configuration, qty: cartItems.qty, sku: products.sku, name: products.name })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.cartId, cartId));
    },
  };
}

export type CartReads = ReturnType<typeof cartReads>;
