import { eq, inArray } from 'drizzle-orm';
import { defaultShippingCountry } from '../../../domains/catalog/visibility.ts';
import { bundleSelections, cartItems, products } from '../../../platform/db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { AccessContext } from '../context.ts';
import { requestJudge } from './decide.ts';
import { accessSnapshot } from './snapshot.ts';

/**
 * Server-side purchase blocking (DECISIONS.md 30, 61): `canCheckout: false` (a blocked purchase, or a
 * price hidden from the caller) refuses cart additions and quantity increases with 403
 * purchase_blocked, and place-order checks every line again with the shipping country. A decrease is
 * always allowed (it sells nothing more). Products hidden from the caller never get here: the core
 * answers them as unknown (404) from the hidden set the visibility hook gives (DECISIONS.md 47).
 */

function purchaseBlocked(message: string, details: unknown): AppError {
  return new AppError('forbidden', 'purchase_blocked', message, details);
}

/** `cart.validateAdd`: the product, each bundle part (with `partOf`) and each grouped member come through here. */
export async function refuseBlockedAdd(input: HookMap['cart.validateAdd'], ctx: AccessContext): Promise<void> {
  if (input.qty <= input.previousQty || !(await ctx.config()).enabled) return;
  const snapshot = await accessSnapshot(ctx);
  const { caller, storeId, productId, sku, partOf } = input;
  // The same country the catalog decided with (the default shipping address), so what the page allowed, the cart allows.
  const country = caller.kind === 'customer' ? await defaultShippingCountry(ctx.db, caller.customerId) : null;
  const { verdictOf } = await requestJudge(snapshot, { caller, storeCode: snapshot.storeCode(storeId) ?? '', country }, storeId, { ids: [productId] });
  const decision = verdictOf(productId);
  if (!decision || decision.flags.canCheckout) return;
  const why = decision.flags.hidePrice ? ` ${decision.hiddenPriceMessage}` : '';
  const message = partOf ? `The bundle ${partOf.sku} includes ${sku}, which cannot be bought with this account.${why}` : `${sku} cannot be bought with this account.${why}`;
  throw purchaseBlocked(message, { sku, productId, ...(partOf ? { partOf: partOf.sku } : {}) });
}

/**
 * `checkout.beforePlaceOrder`: the cart is checked again, line by line (a bundle with its parts), with
 * the shipping country; a line that became blocked after it was added is named, and nothing is ordered.
 */
export async function refuseBlockedOrder(input: HookMap['checkout.beforePlaceOrder'], ctx: AccessContext): Promise<void> {
  if (!(await ctx.config()).enabled) return;
  const snapshot = await accessSnapshot(ctx);
  const lines = await ctx.db
    .select({ id: cartItems.id, productId: cartItems.productId, configuration: cartItems.configuration, sku: products.sku, name: products.name })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, input.cartId));
  const selectionIds = lines.flatMap((line) => (line.configuration?.type === 'bundle' ? line.configuration.selections.map((s) => s.selectionId) : []));
  const parts = selectionIds.length === 0 ? [] : await ctx.db.select({ id: bundleSelections.id, productId: bundleSelections.productId }).from(bundleSelections).where(inArray(bundleSelections.id, selectionIds));
  const partProduct = new Map(parts.map((part) => [part.id, part.productId]));
  const ids = [...new Set([...lines.map((line) => line.productId), ...parts.map((part) => part.productId)])];
  if (ids.length === 0) return;
  const scope = { caller: input.caller, storeCode: snapshot.storeCode(input.storeId) ?? '', country: input.shippingCountry };
  const { verdictOf } = await requestJudge(snapshot, scope, input.storeId, { ids });
  // A line hidden from the caller since it was added cannot be ordered either.
  const blocked = new Set(ids.filter((id) => {
    const verdict = verdictOf(id);
    return verdict !== undefined && (!verdict.flags.canCheckout || verdict.flags.hiddenFromListings);
  }));
  const refused = lines.filter((line) => {
    const partIds = line.configuration?.type === 'bundle' ? line.configuration.selections.map((s) => partProduct.get(s.selectionId)) : [];
    return blocked.has(line.productId) || partIds.some((id) => id !== undefined && blocked.has(id));
  });
  if (refused.length === 0) return;
  const names = refused.map((line) => `${line.name} (${line.sku})`).join(', ');
  throw purchaseBlocked(`These items cannot be bought with this account when shipping to ${input.shippingCountry}: ${names}. Remove them from the cart to place the order.`, {
    country: input.shippingCountry,
    lines: refused.map((line) => ({ itemId: line.id, sku: line.sku, name: line.name })),
  });
}
