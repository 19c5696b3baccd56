import type { HookMap } from '../../../core/modules/hooks.ts';
import { mayHideFromListings } from '../engine/evaluate.ts';
import type { AccessContext } from '../rules/service.ts';
import { accessCallerOf, decider } from './decide.ts';
import { accessSnapshot } from './snapshot.ts';

/**
 * `catalog.visibility`: hides, for this caller, the products a rule hides from listings (absent from
 * listings, category counts, search and related products; their detail is 404). Without a rule that
 * could hide anything from this caller the catalog is not read at all.
 */
export async function hideFromListings(input: HookMap['catalog.visibility'], ctx: AccessContext): Promise<void> {
  const snapshot = await accessSnapshot(ctx);
  const storeCode = snapshot.storeCode(input.storeId);
  if (storeCode === undefined) return;
  const scope = { caller: input.caller, storeCode, country: input.country };
  const caller = accessCallerOf(input.caller);
  if (!mayHideFromListings({ config: snapshot.config, rules: snapshot.rules, caller, storeCode, country: input.country })) return;
  // The same for every caller of the group in that store and country: computed once per version and configuration.
  const key = JSON.stringify(['hidden', input.storeId, caller, input.country, snapshot.config]);
  const hidden = await snapshot.memo(key, async () => {
    const decide = decider(snapshot, scope);
    return (await snapshot.listableFacts(input.storeId)).filter((product) => decide(product).flags.hiddenFromListings).map((product) => product.id);
  });
  input.hide(hidden);
}
