import { eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Db } from '../../platform/db/database.ts';
import { bundleSelections, products } from '../../platform/db/schema/index.ts';
import type { HookRegistry } from '../../platform/modules/hooks.ts';
import type { LineConfiguration } from './configuration.ts';
import { productNotFound } from './sellable.ts';

/** What cart writes need: the database, the hooks that may veto, who asks, and what is hidden from them (catalog.visibility). */
export interface CartContext {
  db: Db;
  hooks: HookRegistry;
  caller: Caller;
  hidden: ReadonlySet<number>;
}

/** The line as the hook is told about it: the product sold and, for a bundle, its chosen parts. */
export interface ValidatedLine {
  productId: number;
  sku: string;
  configuration: LineConfiguration | null;
}

/**
 * Runs `cart.validateAdd` for a line at its new quantity (`previousQty`: what it held, 0 when new): for the product itself, then for each part
 * of a bundle as a product of its own (`partOf` naming the bundle, `qty` the units of the part), so a
 * module that refuses a product refuses it inside a bundle too, as it does for a grouped product's
 * members (which are lines of their own).
 */
export async function validateAdd({ db, hooks, caller, hidden }: CartContext, storeId: number, line: ValidatedLine, qty: number, previousQty: number): Promise<void> {
  // More of a product hidden from the caller (since it was added) is refused as an unknown one (DECISIONS.md 47); less is always fine.
  const refuseHidden = (productId: number, sku: string) => {
    if (qty > previousQty && hidden.has(productId)) throw productNotFound(sku);
  };
  refuseHidden(line.productId, line.sku);
  await hooks.run('cart.validateAdd', { caller, productId: line.productId, sku: line.sku, qty, previousQty, storeId });
  if (line.configuration?.type !== 'bundle') return;
  const chosen = line.configuration.selections;
  const parts = await db
    .select({ selectionId: bundleSelections.id, productId: products.id, sku: products.sku })
    .from(bundleSelections)
    .innerJoin(products, eq(products.id, bundleSelections.productId))
    .where(
      inArray(
        bundleSelections.id,
        chosen.map((s) => s.selectionId),
      ),
    );
  const partOf = { productId: line.productId, sku: line.sku };
  for (const selection of chosen) {
    const part = parts.find((p) => p.selectionId === selection.selectionId);
    // A selection gone from the catalog sells nothing; the cart view marks such a line incomplete.
    if (!part) continue;
    refuseHidden(part.productId, part.sku);
    await hooks.run('cart.validateAdd', { caller, productId: part.productId, sku: part.sku, qty: selection.qty * qty, previousQty: selection.qty * previousQty, storeId, partOf });
  }
}
