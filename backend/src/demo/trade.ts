import { fragment, h } from '../platform/markup.ts';
import type { CatalogBuilder } from './catalog-builder.ts';
import { lifetime } from './clock.ts';
import { priceSet } from './pricing.ts';
import type { Random } from './random.ts';

/**
 * The Trade Supplies range: bulk packs that the B2B Access demo rules gate (prices hidden from guests
 * and General, purchase blocked) and a few Wholesale-only fixtures hidden from them altogether (see
 * b2b-access.ts). A fixed list rather than generated copy, so the README can name what a
 * newcomer sees; SKUs `TS-…` and `WO-…` are what the demo rules match on.
 */
interface TradeItem {
  sku: string;
  name: string;
  /** One sentence on who buys it. */
  pitch: string;
  /** USD list price of the whole pack. */
  usd: number;
}

export const bulkPacks: readonly TradeItem[] = [
  { sku: 'TS-MUG48', name: 'Enamel Camp Mugs, Case of 48', pitch: 'The café and campsite favourite, packed flat in one carton.', usd: 420 },
  { sku: 'TS-SOCK24', name: 'Merino Hiking Socks, Pack of 24 Pairs', pitch: 'Assorted sizes for outfitters and rental desks.', usd: 380 },
  { sku: 'TS-PLATE36', name: 'Stoneware Dinner Plates, Case of 36', pitch: 'Chip-resistant glaze for busy restaurant kitchens.', usd: 510 },
  { sku: 'TS-TOWEL50', name: 'Waffle Hand Towels, Bale of 50', pitch: 'Quick-drying cotton for hotels and guest houses.', usd: 460 },
  { sku: 'TS-WRAP100', name: 'Beeswax Food Wraps, Carton of 100', pitch: 'Three sizes per carton for delis and farm shops.', usd: 290 },
  { sku: 'TS-TOTE100', name: 'Organic Cotton Totes, Bundle of 100', pitch: 'Undyed canvas, ready for your own print.', usd: 340 },
  { sku: 'TS-LAMP20', name: 'Rechargeable Headlamps, Case of 20', pitch: 'USB-C charging and a red night mode, for guiding companies.', usd: 560 },
  { sku: 'TS-REPAIR30', name: 'Tent Repair Kits, Box of 30', pitch: 'Patches, seam grip and a spare pole sleeve in every kit.', usd: 270 },
  { sku: 'TS-CLIP50', name: 'Locking Carabiners, Box of 50', pitch: 'Screw-gate aluminium, for climbing gyms and rope courses.', usd: 390 },
  { sku: 'TS-BEANIE36', name: 'Wool Beanies, Carton of 36', pitch: 'Three colours, twelve of each, in recycled wool.', usd: 430 },
  { sku: 'TS-CUTLERY60', name: 'Bamboo Cutlery Sets, Case of 60', pitch: 'Fork, knife, spoon and chopsticks in a roll-up pouch.', usd: 310 },
  { sku: 'TS-CORD40', name: 'Paracord 30 m Hanks, Box of 40', pitch: 'Seven-strand cord in mixed colours for outfitters.', usd: 350 },
];

export const wholesaleOnly: readonly TradeItem[] = [
  { sku: 'WO-MUGSTAND', name: 'Mug Display Stand, Retail Fixture', pitch: 'Oak counter stand that shows twelve mugs; for stockists only.', usd: 180 },
  { sku: 'WO-PALLET', name: 'Seasonal Assortment Pallet', pitch: 'A mixed pallet of the season’s best sellers at stockist terms.', usd: 2400 },
  { sku: 'WO-BOTTLE96', name: 'Private-Label Water Bottles, Case of 96', pitch: 'Blank steel bottles ready for your own engraving.', usd: 1150 },
];

/** How many products the range adds to every demo catalog, whatever its size. */
export const tradeRangeSize = bulkPacks.length + wholesaleOnly.length;

/** Adds the range to the Trade Supplies category, with ids after every generated product and variant. */
export function addTradeProducts(builder: CatalogBuilder, random: Random, categoryIds: number[]): void {
  for (const item of [...bulkPacks, ...wholesaleOnly]) {
    const id = builder.nextId('variant');
    const urlKey = builder.uniqueUrlKey(item.name, id);
    const description = fragment(h('p', {}, item.pitch), h('p', {}, 'Sold to trade accounts by the pack; invoiced on account terms.')).toString();
    builder.addProduct({
      id,
      sku: item.sku,
      type: 'simple',
      name: item.name,
      urlKey,
      visibility: 'catalog',
      isEnabled: true,
      qty: random.int(20, 400),
      stockStatus: 'in_stock',
      shortDescription: h('p', {}, item.pitch).toString(),
      description,
      attributes: { brand: 'Trailhead Trade', countryOfOrigin: 'Portugal' },
      position: id,
      ...lifetime(random, 360),
    });
    const price = priceSet(item.usd);
    builder.addPrices(id, price, null, price);
    builder.assignCategories(id, categoryIds);
    builder.addImages(id, urlKey, [item.name]);
  }
}
