import { AppError } from '../../../platform/errors.ts';
import { invalidField } from '../../../platform/modules/config-store.ts';
import { productMismatch, prepareRules } from '../engine/evaluate.ts';
import { accessSnapshot } from '../runtime/snapshot.ts';
import { ruleInputSchema } from './schema.ts';
import type { AccessContext } from '../context.ts';

/** How many products the admin's "matches N products" shows by name. */
const sampleSize = 5;

/**
 * The live "matches N products" count of a rule being edited: its product matching (condition tree,
 * else legacy lists, else everything) over the default store's listable catalog. Scope and actions
 * play no part. Bad input answers 400 invalid_field with the path, as saving would.
 */
export async function countMatchingProducts(ctx: AccessContext, input: { conditions?: unknown; legacy?: unknown }): Promise<{ count: number; sample: { sku: string; name: string }[] }> {
  const parsed = ruleInputSchema.pick({ conditions: true, legacy: true }).safeParse({ conditions: input.conditions ?? null, legacy: input.legacy });
  if (!parsed.success) throw invalidField(parsed.error);
  const store = await ctx.stores.defaultStore();
  if (!store) throw new AppError('unavailable', 'store_not_configured', 'No default store view is configured.');
  const [prepared] = prepareRules([{ id: 0, name: 'preview', isActive: true, priority: 0, scope: { customerGroupIds: [], storeCodes: [], countries: [] }, actions: { hideFromListings: false, hidePrice: false, blockPurchase: false, redirectToCmsPage: null }, enforcement: 'both', hiddenPriceMessage: null, ...parsed.data }]);
  const snapshot = await accessSnapshot(ctx);
  const matching = (await snapshot.listableFacts(store.id)).filter((product) => productMismatch(prepared!, product) === null).sort((a, b) => a.id - b.id);
  return { count: matching.length, sample: matching.slice(0, sampleSize).map((product) => ({ sku: product.sku, name: String(product.attributes.name) })) };
}
