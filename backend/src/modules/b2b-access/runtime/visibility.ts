import type { HookMap } from '../../../platform/modules/hooks.ts';
import { mayHideFromListings } from '../engine/evaluate.ts';
import type { AccessContext } from '../context.ts';
import { accessCallerOf, requestJudge } from './decide.ts';
import { accessSnapshot } from './snapshot.ts';

/**
 * `catalog.visibility`: hides, for this caller, the products a rule hides from listings (absent from
 * listings, category counts, search, related products and their parents' child arrays; their detail
 * and their cart add are 404). Every product is judged, children with their parents (decide.ts
 * `judge`), so a variant or member hidden through its parent is hidden too. Without a rule that
 * could hide anything from this caller the catalog is not read at all.
 */
export async function hideFromListings(input: HookMap['catalog.visibility'], ctx: AccessContext): Promise<void> {
  // Only rules hide products from listings (basic mode never does).
  const config = await ctx.config();
  if (!config.enabled || config.mode !== 'rules') return;
  const snapshot = await accessSnapshot(ctx);
  const storeCode = snapshot.storeCode(input.storeId);
  if (storeCode === undefined) return;
  const scope = { caller: input.caller, storeCode, country: input.country };
  const caller = accessCallerOf(input.caller);
  if (!mayHideFromListings({ config: snapshot.config, rules: snapshot.rules, caller, storeCode, country: input.country })) return;
  // The same for every caller of the group in that store and country: computed once per version and configuration.
  const key = JSON.stringify(['hidden', input.storeId, caller, input.country, snapshot.config]);
  const hidden = await snapshot.memo(key, async () => {
    const { verdictOf, ids } = await requestJudge(snapshot, scope, input.storeId);
    return [...ids()].filter((id) => verdictOf(id)?.flags.hiddenFromListings);
  });
  input.hide(hidden);
}
