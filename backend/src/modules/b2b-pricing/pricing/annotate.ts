import type { B2bPricingExtension } from '../../../../../contracts/b2b-pricing.ts';
import type { AnnotationPayload } from '../../../platform/events/annotations.ts';
import type { ProductDetail } from '../../../domains/catalog/products/schemas.ts';
import type { PricingContext } from '../context.ts';
import { callerEntries } from './caller-lists.ts';
import { listPriceFor, quantityRulesOf, tierTable, type ListEntry } from './tiers.ts';

/**
 * Types whose record is sold by its own SKU at its own price. A configurable's or grouped product's
 * own figures are derived from its children (which are annotated one by one); a bundle, download or
 * gift card is priced from its choices, which a list's per-SKU price cannot say.
 */
const selfPriced = new Set(['simple', 'virtual']);

/** Something sold by its own SKU with a caller's final price: a record, a variant, a grouped member. */
interface Priced {
  sku: string;
  finalPrice: number | null;
  extensions?: Record<string, unknown>;
}

/**
 * Puts the caller's list price on one sellable thing: `finalPrice` is the price for one unit, or for
 * the smallest quantity the rules allow; `extensions.b2bPricing` carries the list, the tier table and
 * the rules (the table is empty when the merchant turned "Show tier prices" off: the buyer still pays
 * by it, and still sees the rules they must order by). A price B2B Access withheld (null: that module's annotation ran first, module ids in
 * order) stays withheld, and nothing of the list is shown beside it.
 */
function priceOne(target: Priced, entries: readonly ListEntry[] | undefined, showTiers: boolean): boolean {
  if (!entries || target.finalPrice === null) return false;
  const quantityRules = quantityRulesOf(entries);
  const first = listPriceFor(entries, quantityRules.minQty);
  if (first) target.finalPrice = first.price;
  // The shape the storefront's product page, markdown view and quantity field read (contracts/b2b-pricing.ts).
  const b2bPricing: B2bPricingExtension = { priceList: first?.listCode ?? entries[0]!.listCode, tierPrices: showTiers ? tierTable(entries, quantityRules) : [], quantityRules };
  target.extensions = { ...target.extensions, b2bPricing };
  return true;
}

function skusOf(record: ProductDetail): string[] {
  return [record.sku, ...(record.variants ?? []).map((variant) => variant.sku), ...(record.groupedProducts ?? []).map((member) => member.sku)];
}

/** `api_product_dto_build`: every record of one answer at once, in one query for all their SKUs. */
export async function annotateListPrices(payload: AnnotationPayload<'api_product_dto_build'>, ctx: PricingContext): Promise<void> {
  const entries = await callerEntries(ctx, payload.caller, payload.storeCode, payload.records.flatMap(skusOf));
  if (entries.size === 0) return;
  const { showTierPrices } = await ctx.config();
  for (const record of payload.records) {
    if (selfPriced.has(record.type) && priceOne(record, entries.get(record.sku), showTierPrices)) record.minimalPrice = record.finalPrice;
    for (const child of [...(record.variants ?? []), ...(record.groupedProducts ?? [])]) priceOne(child, entries.get(child.sku), showTierPrices);
  }
}
