import type { AnnotationPayload } from '../../../platform/events/annotations.ts';
import type { ProductDetail } from '../../../domains/catalog/products/schemas.ts';
import type { AccessContext } from '../context.ts';
import { mayConceal } from '../engine/evaluate.ts';
import { accessCallerOf, requestJudge, strictest, wireBlock, type Verdict } from './decide.ts';
import { childPricedTypes, shownParentPrices, type ChildPricedType, type ShownPrice } from './parent-prices.ts';
import { accessSnapshot } from './snapshot.ts';

type Block = ReturnType<typeof wireBlock>;

/** SKUs of the children that are products of their own (each is judged with its parents). */
function childSkus(record: ProductDetail): string[] {
  return [
    ...(record.variants ?? []).map((variant) => variant.sku),
    ...(record.groupedProducts ?? []).map((member) => member.sku),
    ...(record.bundleOptions ?? []).flatMap((option) => option.selections.map((selection) => selection.sku)),
  ];
}

/**
 * Withholds every price of the record and of its children that the caller may not see (DECISIONS.md
 * 30), and puts the caller's flags on the record and on each priced child. `childBlock` gives a child
 * product's block; children that are not products (download links, gift card amounts) follow the record.
 */
function gateRecord(record: ProductDetail, block: Block, childBlock: (sku: string) => Block): void {
  record.extensions = { ...record.extensions, b2bAccess: block };
  const hidden = block.gateFlags.hidePrice;
  for (const variant of record.variants ?? []) {
    const own = childBlock(variant.sku);
    variant.extensions = { ...variant.extensions, b2bAccess: own };
    if (own.gateFlags.hidePrice) [variant.price, variant.specialPrice, variant.finalPrice] = [null, null, null];
  }
  for (const member of record.groupedProducts ?? []) {
    const own = childBlock(member.sku);
    member.extensions = { ...member.extensions, b2bAccess: own };
    if (own.gateFlags.hidePrice) [member.price, member.specialPrice, member.finalPrice] = [null, null, null];
  }
  for (const selection of (record.bundleOptions ?? []).flatMap((option) => option.selections)) {
    const own = childBlock(selection.sku);
    selection.extensions = { ...selection.extensions, b2bAccess: own };
    if (own.gateFlags.hidePrice) selection.price = null;
  }
  if (hidden) {
    for (const link of record.downloadableLinks ?? []) link.price = null;
    if (record.giftcardAmounts !== undefined) record.giftcardAmounts = null;
    if (record.openAmountMin !== undefined) record.openAmountMin = null;
    if (record.openAmountMax !== undefined) record.openAmountMax = null;
    [record.price, record.specialPrice, record.finalPrice] = [null, null, null];
  }
  if (hidden) record.minimalPrice = null;
}

/**
 * A parent priced from its children shows only a price the caller may see (DECISIONS.md 47): where a
 * child's price or the child itself is hidden from them, the parent's figures are computed again
 * over the other children (parent-prices.ts); with none left, the parent's price is hidden too and
 * it cannot be bought (DECISIONS.md 61: a hidden price is never charged blind).
 */
function showParentPrice(record: ProductDetail, shown: ShownPrice | null, concealing: Verdict): void {
  if (shown) {
    Object.assign(record, shown);
    return;
  }
  [record.price, record.specialPrice, record.finalPrice, record.minimalPrice] = [null, null, null, null];
  const block = record.extensions.b2bAccess as Block;
  record.extensions = {
    ...record.extensions,
    b2bAccess: { ...block, gateFlags: { ...block.gateFlags, hidePrice: true, canCheckout: false }, hiddenPriceMessage: concealing.hiddenPriceMessage },
  };
}

/** `api_product_dto_build`: every record of one answer at once, each product and child judged by the one decision (decide.ts `judge`). */
export async function annotateProducts(payload: AnnotationPayload<'api_product_dto_build'>, ctx: AccessContext): Promise<void> {
  // Switched off, the module adds nothing and reads nothing more than its (cached) configuration.
  if (!(await ctx.config()).enabled) return;
  const snapshot = await accessSnapshot(ctx);
  const storeId = snapshot.storeId(payload.storeCode);
  if (storeId === undefined) return;
  const wanted = { ids: payload.records.map((record) => record.id), skus: payload.records.flatMap(childSkus) };
  const { verdictOf, verdictOfSku, childrenOf } = await requestJudge(snapshot, { caller: payload.caller, storeCode: payload.storeCode, country: payload.country }, storeId, wanted);
  // Parents whose shown price must leave out a child the caller may not see, with the child deciding it.
  const repriced = new Map<number, ChildPricedType>();
  const concealingOf = new Map<number, Verdict>();
  const scope = { config: snapshot.config, rules: snapshot.rules, caller: accessCallerOf(payload.caller), storeCode: payload.storeCode, country: payload.country };
  // Without anything that could conceal a child, no parent's price needs its children judged.
  const childrenMatter = mayConceal(scope);
  for (const record of payload.records) {
    // Records come from the database and `wanted` made the catalog hold them: a verdict exists.
    const verdict = verdictOf(record.id)!;
    // A child shown inside this record never shows more than the record itself.
    gateRecord(record, wireBlock(verdict), (sku) => wireBlock(strictest([verdict, verdictOfSku(sku) ?? verdict])));
    if (!childrenMatter || verdict.flags.hidePrice || !childPricedTypes.has(record.type)) continue;
    const concealing = firstConcealing(childrenOf(record.id), verdictOf);
    if (!concealing) continue;
    repriced.set(record.id, record.type as ChildPricedType);
    concealingOf.set(record.id, concealing);
  }
  if (repriced.size === 0) return;
  const shown = await shownParentPrices(ctx.catalog, storeId, repriced, (childId) => {
    const verdict = verdictOf(childId);
    return verdict !== undefined && !conceals(verdict);
  });
  for (const record of payload.records) {
    const concealing = concealingOf.get(record.id);
    if (concealing) showParentPrice(record, shown.get(record.id) ?? null, concealing);
  }
}

/** Whether a child's price may not count toward its parent's for this caller: hidden, or the child hidden altogether. */
const conceals = (verdict: Verdict) => verdict.flags.hidePrice || verdict.flags.hiddenFromListings;

/** The verdict of the first child that conceals its price (judging stops there), if any does. */
function firstConcealing(childIds: readonly number[], verdictOf: (id: number) => Verdict | undefined): Verdict | undefined {
  for (const id of childIds) {
    const verdict = verdictOf(id);
    if (verdict !== undefined && conceals(verdict)) return verdict;
  }
  return undefined;
}
