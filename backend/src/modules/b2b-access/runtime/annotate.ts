import type { AnnotationPayload } from '../../../platform/events/annotations.ts';
import type { ProductDetail } from '../../../domains/catalog/products/schemas.ts';
import type { AccessContext } from '../context.ts';
import { requestJudge, strictest, wireBlock } from './decide.ts';
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
  let childHidden = false;
  for (const variant of record.variants ?? []) {
    const own = childBlock(variant.sku);
    variant.extensions = { ...variant.extensions, b2bAccess: own };
    if (own.gateFlags.hidePrice) [variant.price, variant.specialPrice, variant.finalPrice, childHidden] = [null, null, null, true];
  }
  for (const member of record.groupedProducts ?? []) {
    const own = childBlock(member.sku);
    member.extensions = { ...member.extensions, b2bAccess: own };
    if (own.gateFlags.hidePrice) [member.price, member.specialPrice, member.finalPrice, childHidden] = [null, null, null, true];
  }
  for (const selection of (record.bundleOptions ?? []).flatMap((option) => option.selections)) {
    const own = childBlock(selection.sku);
    selection.extensions = { ...selection.extensions, b2bAccess: own };
    if (own.gateFlags.hidePrice) [selection.price, childHidden] = [null, true];
  }
  if (hidden) {
    for (const link of record.downloadableLinks ?? []) link.price = null;
    if (record.giftcardAmounts !== undefined) record.giftcardAmounts = null;
    if (record.openAmountMin !== undefined) record.openAmountMin = null;
    if (record.openAmountMax !== undefined) record.openAmountMax = null;
    [record.price, record.specialPrice, record.finalPrice] = [null, null, null];
  }
  // The lowest price may be a hidden child's (the cheapest variant or member): withhold it too.
  if (hidden || childHidden) record.minimalPrice = null;
}

/** `api_product_dto_build`: every record of one answer at once, each product and child judged by the one decision (decide.ts `judge`). */
export async function annotateProducts(payload: AnnotationPayload<'api_product_dto_build'>, ctx: AccessContext): Promise<void> {
  // Switched off, the module adds nothing and reads nothing more than its (cached) configuration.
  if (!(await ctx.config()).enabled) return;
  const snapshot = await accessSnapshot(ctx);
  const storeId = snapshot.storeId(payload.storeCode);
  if (storeId === undefined) return;
  const wanted = { ids: payload.records.map((record) => record.id), skus: payload.records.flatMap(childSkus) };
  const { verdictOf, verdictOfSku } = await requestJudge(snapshot, { caller: payload.caller, storeCode: payload.storeCode, country: payload.country }, storeId, wanted);
  for (const record of payload.records) {
    // Records come from the database and `wanted` made the catalog hold them: a verdict exists.
    const verdict = verdictOf(record.id)!;
    // A child shown inside this record never shows more than the record itself.
    gateRecord(record, wireBlock(verdict), (sku) => wireBlock(strictest([verdict, verdictOfSku(sku) ?? verdict])));
  }
}
