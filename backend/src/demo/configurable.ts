import type { CatalogBuilder, SellableSummary } from './catalog-builder.ts';
import { discounted, lowest, priceSet } from './pricing.ts';
import { addVisibleProduct, listPriceUsd, type ProductDraft } from './product-draft.ts';
import { slugify } from './product-copy.ts';
import type { Random } from './random.ts';
import type { PriceSet } from './types.ts';
import { apparelSizes, colors, type OptionValue, shoeSizes } from './words.ts';

/** These cost a little more (more fabric). */
const largeSizes = new Set(['XL', 'XXL']);

function pickSizes(random: Random, draft: ProductDraft): OptionValue[] {
  const scale = draft.leaf.kind === 'footwear' ? shoeSizes : apparelSizes;
  const count = Math.min(scale.length, random.int(4, 5));
  const start = random.int(0, scale.length - count);
  return scale.slice(start, start + count);
}

/**
 * A configurable product: colour × size options, each combination a simple, not-visible variant row
 * with its own sku, stock and prices. The parent's price is the cheapest variant's.
 */
export function buildConfigurable(builder: CatalogBuilder, random: Random, draft: ProductDraft): SellableSummary {
  const addOption = (attributeCode: string, label: string, values: OptionValue[], position: number): number => {
    const id = builder.nextId('configurableOption');
    builder.rows.configurableOptions.push({ id, productId: draft.id, attributeCode, label, position });
    values.forEach((value, index) =>
      builder.rows.configurableOptionValues.push({ optionId: id, valueIndex: value.valueIndex, label: value.label, position: index + 1 }),
    );
    return id;
  };
  const colorValues = random.sample(colors, random.int(2, 4)).sort((a, b) => a.valueIndex - b.valueIndex);
  const sizeValues = pickSizes(random, draft);
  const colorOptionId = addOption('color', 'Color', colorValues, 1);
  const sizeOptionId = addOption('size', 'Size', sizeValues, 2);

  const baseUsd = listPriceUsd(random, draft.leaf);
  const variants: { price: PriceSet; special: PriceSet | null; finalPrice: PriceSet; qty: number }[] = [];
  for (const color of colorValues) {
    for (const size of sizeValues) {
      const id = builder.nextId('variant');
      const price = priceSet(largeSizes.has(size.label) ? baseUsd + 5 : baseUsd);
      const special = draft.saleRatio === null ? null : discounted(price, draft.saleRatio);
      const qty = draft.soldOut || random.chance(0.12) ? 0 : random.int(1, 60);
      const urlKey = builder.uniqueUrlKey(`${draft.urlKey}-${color.label}-${size.label}`, id);
      builder.addProduct({
        id,
        sku: `${draft.sku}-${color.label.slice(0, 3).toUpperCase()}-${slugify(size.label).replace(/^us-/, '').toUpperCase()}`,
        type: 'simple',
        name: `${draft.copy.name} - ${color.label} / ${size.label}`,
        urlKey,
        visibility: 'not_visible',
        isEnabled: true,
        qty,
        stockStatus: qty > 0 ? 'in_stock' : 'out_of_stock',
        shortDescription: '',
        description: '',
        attributes: { ...draft.copy.attributes, color: color.label, size: size.label },
        position: 0,
        createdAt: draft.createdAt,
        updatedAt: draft.updatedAt,
      });
      builder.addPrices(id, price, special, special ?? price);
      builder.addImages(id, urlKey, [color.label]);
      builder.link(draft.id, id, 'variant', variants.length + 1);
      builder.rows.variantOptionValues.push(
        { variantId: id, optionId: colorOptionId, valueIndex: color.valueIndex },
        { variantId: id, optionId: sizeOptionId, valueIndex: size.valueIndex },
      );
      variants.push({ price, special, finalPrice: special ?? price, qty });
    }
  }

  // The parent shows the cheapest variant a shopper can buy (domains/catalog/products/price-index.ts).
  const inStockVariants = variants.filter((v) => v.qty > 0);
  const qty = variants.reduce((sum, v) => sum + v.qty, 0);
  const pool = inStockVariants.length > 0 ? inStockVariants : variants;
  const cheapest = pool.reduce((best, v) => (v.finalPrice.default < best.finalPrice.default ? v : best));
  const minimal = lowest(pool.map((v) => v.finalPrice));
  addVisibleProduct(builder, draft, { qty, inStock: inStockVariants.length > 0 });
  builder.addPrices(draft.id, cheapest.price, cheapest.special, minimal);
  return { id: draft.id, sku: draft.sku, finalPrice: minimal, qty, inStock: inStockVariants.length > 0 };
}
