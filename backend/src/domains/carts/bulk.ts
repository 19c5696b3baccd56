import type { LineOutcome } from '../../../../contracts/bulk-cart.ts';
import { AppError } from '../../platform/errors.ts';
import { findActiveCart, type CartOwner } from './identity.ts';
import { planAdditions, writeAdditions } from './items.ts';
import type { AddItemInput } from './schemas.ts';
import { resolveMany } from './sellable.ts';
import type { Resolution } from './sellable-types.ts';
import type { CartContext } from './validate-add.ts';

/** A line that cannot be bought as asked: refused already (a gift card bought again), or an add request. */
export type BulkRequest = AddItemInput | AppError;

/**
 * A choice the line could not carry: quick order sends SKU and quantity only, a reorder the choice
 * the order was bought with. Whatever the type's own code (options_required, bundle_option_required,
 * giftcard_required, a selection no longer sold…), the shopper's answer is the same: choose on the
 * product page.
 */
function choicesNeeded(sku: string, error: AppError): AppError {
  return new AppError('invalid', 'options_required', `${sku} needs choices made on its product page: ${error.message}`, error.details);
}

/**
 * Adds every request that can be bought to the owner's cart in ONE transaction, through the same
 * resolution, hooks and stock checks as `POST /cart/items` (sellable.ts, items.ts); answers each
 * request's refusal (null: added). A 401 (a store-wide login wall) refuses the whole batch, as it
 * would every single add. Queries: the cart and its lines, one product lookup, the variants'
 * parents, the stock, then the write; per line only the hooks' own and a chosen type's choice.
 */
export async function addInBulk(context: CartContext, owner: CartOwner, storeId: number, requests: readonly BulkRequest[]): Promise<(AppError | null)[]> {
  const inputs = requests.filter((request): request is AddItemInput => !(request instanceof AppError));
  const resolved = await resolveMany(context.db, storeId, inputs, context.hidden);
  let next = 0;
  const resolutions: Resolution[] = requests.map((request) => {
    if (request instanceof AppError) return request;
    const resolution = resolved[next++]!;
    return resolution instanceof AppError && resolution.kind === 'invalid' ? choicesNeeded(request.sku, resolution) : resolution;
  });
  const plans = await planAdditions(context, await findActiveCart(context.db, owner, storeId), storeId, resolutions);
  const wall = plans.find((plan) => plan instanceof AppError && plan.kind === 'unauthorized');
  if (wall) throw wall;
  const accepted = plans.flatMap((plan) => (plan instanceof AppError ? [] : plan));
  if (accepted.length > 0) await writeAdditions(context.db, owner, storeId, accepted);
  return plans.map((plan) => (plan instanceof AppError ? plan : null));
}

/** The answer line of a request: added, or refused with the code and message a single add would answer. */
export function outcomeOf(line: { sku: string; qty: number }, refusal: AppError | null): LineOutcome {
  return refusal ? { ...line, status: 'refused', code: refusal.code, message: refusal.message } : { ...line, status: 'added' };
}

/** The same SKU on several lines is one line of the summed quantity, where it first appeared (the schema holds the sum to one line's limit). */
export function mergeBySku(items: readonly { sku: string; qty: number }[]): { sku: string; qty: number }[] {
  const merged = new Map<string, { sku: string; qty: number }>();
  for (const { sku, qty } of items) {
    const line = merged.get(sku);
    if (line) line.qty += qty;
    else merged.set(sku, { sku, qty });
  }
  return [...merged.values()];
}
