import type { CatalogBuilder, SellableSummary } from './catalog-builder.ts';
import { discounted, fixedSet, lowest, priceSet, storeCodes, storeIds } from './pricing.ts';
import { addVisibleProduct, listPriceUsd, type ProductDraft, unlimitedStock } from './product-draft.ts';
import type { Random } from './random.ts';
import { downloadFormats } from './words.ts';

/** A downloadable product: a base price plus 1-3 links; the first link comes with the purchase. */
export function buildDownloadable(builder: CatalogBuilder, random: Random, draft: ProductDraft): SellableSummary {
  const price = priceSet(listPriceUsd(random, draft.leaf));
  const special = draft.saleRatio === null ? null : discounted(price, draft.saleRatio);
  random.sample(downloadFormats, random.int(1, 3)).forEach((title, index) => {
    const linkId = builder.nextId('downloadableLink');
    builder.rows.downloadableLinks.push({ id: linkId, productId: draft.id, title, sampleUrl: null, sortOrder: index + 1 });
    const linkPrice = index === 0 ? fixedSet(0, 0) : priceSet(random.int(3, 9));
    for (const code of storeCodes) builder.rows.downloadableLinkPrices.push({ linkId, storeId: storeIds[code], price: linkPrice[code] });
  });
  addVisibleProduct(builder, draft, unlimitedStock);
  builder.addPrices(draft.id, price, special, special ?? price);
  return { id: draft.id, sku: draft.sku, finalPrice: special ?? price, ...unlimitedStock };
}

/** Amounts are chosen per store in round local numbers rather than converted. */
const amountChoices = [
  { default: [25, 50, 100, 150], au: [40, 75, 150, 250] },
  { default: [25, 50, 100, 200], au: [50, 100, 150, 300] },
  { default: [50, 100, 250], au: [75, 150, 400] },
];
const openRange = { default: { min: 20, max: 500 }, au: { min: 30, max: 750 } };
const giftcardTypes = ['virtual', 'physical', 'combined'] as const;

/** A gift card with fixed amounts and, for some, an open amount within a range. */
export function buildGiftcard(builder: CatalogBuilder, random: Random, draft: ProductDraft): SellableSummary {
  const amounts = random.pick(amountChoices);
  const allowOpenAmount = random.chance(0.5);
  builder.rows.giftcards.push({ productId: draft.id, giftcardType: random.pick(giftcardTypes), allowOpenAmount });
  for (const code of storeCodes) {
    builder.rows.giftcardPrices.push({
      productId: draft.id,
      storeId: storeIds[code],
      amounts: amounts[code],
      openAmountMin: allowOpenAmount ? openRange[code].min : null,
      openAmountMax: allowOpenAmount ? openRange[code].max : null,
    });
  }
  const price = fixedSet(Math.min(...amounts.default), Math.min(...amounts.au));
  const minimal = allowOpenAmount ? lowest([price, fixedSet(openRange.default.min, openRange.au.min)]) : price;
  addVisibleProduct(builder, draft, unlimitedStock);
  builder.addPrices(draft.id, price, null, minimal);
  return { id: draft.id, sku: draft.sku, finalPrice: minimal, ...unlimitedStock };
}
