import { defaultShippingCountry } from '../../../domains/catalog/visibility.ts';
import { AppError } from '../../../platform/errors.ts';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { AccessContext } from '../context.ts';
import { cartLineProducts, concealedLineIds, judgeLines } from './cart-lines.ts';
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
 * Lines the cart view withholds (cart-lines.ts) are not in the order, so they are not named either.
 */
export async function refuseBlockedOrder(input: HookMap['checkout.beforePlaceOrder'], ctx: AccessContext): Promise<void> {
  if (!(await ctx.config()).enabled) return;
  const lines = await cartLineProducts(ctx, input.cartId);
  if (lines.length === 0) return;
  const withheld = await concealedLineIds(ctx, input.caller, input.storeId, lines);
  const ordered = lines.filter((line) => !withheld.has(line.id));
  const meets = await judgeLines(ctx, { caller: input.caller, country: input.shippingCountry }, input.storeId, ordered);
  // A line hidden from the caller when shipping there cannot be ordered either.
  const refused = ordered.filter((line) => meets(line, (verdict) => !verdict.flags.canCheckout || verdict.flags.hiddenFromListings));
  if (refused.length === 0) return;
  const names = refused.map((line) => `${line.name} (${line.sku})`).join(', ');
  throw purchaseBlocked(`These items cannot be bought with this account when shipping to ${input.shippingCountry}: ${names}. Remove them from the cart to place the order.`, {
    country: input.shippingCountry,
    lines: refused.map((line) => ({ itemId: line.id, sku: line.sku, name: line.name })),
  });
}
