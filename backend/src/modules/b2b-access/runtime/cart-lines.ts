import { defaultShippingCountry } from '../../../domains/catalog/visibility.ts';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { AccessContext } from '../context.ts';
import { requestJudge, type RequestScope, type Verdict } from './decide.ts';
import { accessSnapshot } from './snapshot.ts';

/** A cart line with every product it sells: its own and, for a bundle, each chosen part. */
export interface CartLineProducts {
  id: number;
  sku: string;
  name: string;
  productIds: number[];
}

/** The lines of a cart with the products they sell, in two queries. */
export async function cartLineProducts(ctx: AccessContext, cartId: number): Promise<CartLineProducts[]> {
  const lines = await ctx.carts.lines(cartId);
  const selectionIds = lines.flatMap((line) => (line.configuration?.type === 'bundle' ? line.configuration.selections.map((s) => s.selectionId) : []));
  const parts = await ctx.catalog.selectionProducts(selectionIds);
  const partProduct = new Map(parts.map((part) => [part.id, part.productId]));
  return lines.map((line) => {
    const partIds = line.configuration?.type === 'bundle' ? line.configuration.selections.flatMap((s) => partProduct.get(s.selectionId) ?? []) : [];
    return { id: line.id, sku: line.sku, name: line.name, productIds: [line.productId, ...partIds] };
  });
}

/** The judge of a cart's lines for one caller and country. */
export async function judgeLines(ctx: AccessContext, scope: Omit<RequestScope, 'storeCode'>, storeId: number, lines: readonly CartLineProducts[]) {
  const snapshot = await accessSnapshot(ctx);
  const ids = [...new Set(lines.flatMap((line) => line.productIds))];
  const { verdictOf } = await requestJudge(snapshot, { ...scope, storeCode: snapshot.storeCode(storeId) ?? '' }, storeId, { ids });
  /** Whether any product the line sells meets `test` (a product the catalog no longer holds meets none). */
  return (line: CartLineProducts, test: (verdict: Verdict) => boolean) =>
    line.productIds.some((id) => {
      const verdict = verdictOf(id);
      return verdict !== undefined && test(verdict);
    });
}

/** A line the caller may no longer see: its product (or a part) hidden from them, or its price. */
export const concealed = (verdict: Verdict) => verdict.flags.hidePrice || verdict.flags.hiddenFromListings;

/** The lines the cart view leaves out for this caller, judged with the country the catalog decides with (the default shipping address). */
export async function concealedLineIds(ctx: AccessContext, caller: RequestScope['caller'], storeId: number, lines: readonly CartLineProducts[]): Promise<Set<number>> {
  const country = caller.kind === 'customer' ? await defaultShippingCountry(ctx.db, caller.customerId) : null;
  const meets = await judgeLines(ctx, { caller, country }, storeId, lines);
  return new Set(lines.filter((line) => meets(line, concealed)).map((line) => line.id));
}

/**
 * `cart.view`: a line whose product or price became hidden from the caller after it was added
 * (a rule saved since) is withheld from the cart, its totals, the shipping quote and the order
 * (DECISIONS.md 61: no cart, quote, checkout or email shows that caller the price). The line stays
 * stored: if access comes back, so does the line. Chosen over showing the line without a price: a
 * cart line without a price could be neither totalled nor paid, and its name alone would tell which
 * trade products exist (47).
 */
export async function withholdConcealedLines(input: HookMap['cart.view'], ctx: AccessContext): Promise<void> {
  if (!(await ctx.config()).enabled) return;
  const lines = await cartLineProducts(ctx, input.cartId);
  if (lines.length === 0) return;
  input.withhold(await concealedLineIds(ctx, input.caller, input.storeId, lines));
}
