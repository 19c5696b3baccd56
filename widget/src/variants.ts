/**
 * A configurable's choice in the lightbox: which variant the chosen values name, and which values
 * of an option are still offered in stock given the other choices (the rest show as sold out).
 */
import type { WidgetProduct, WidgetVariant } from './types.ts';

export type Choice = Record<string, number>;

const inStock = (variant: WidgetVariant) => variant.stockStatus === 'in_stock';

/** The variant every option's chosen value names; null until each option has a value. */
export function chosenVariant(product: WidgetProduct, chosen: Choice): WidgetVariant | null {
  const codes = product.configurableOptions.map((option) => option.attributeCode);
  if (codes.some((code) => chosen[code] === undefined)) return null;
  return product.variants.find((variant) => codes.every((code) => variant.attributes[code] === chosen[code])) ?? null;
}

/** The values of `code` an in-stock variant offers together with the values chosen for the other options. */
export function availableValues(product: WidgetProduct, chosen: Choice, code: string): Set<number> {
  const others = Object.entries(chosen).filter(([other]) => other !== code);
  const values = new Set<number>();
  for (const variant of product.variants) {
    if (inStock(variant) && others.every(([other, value]) => variant.attributes[other] === value)) {
      const value = variant.attributes[code];
      if (value !== undefined) values.add(value);
    }
  }
  return values;
}
