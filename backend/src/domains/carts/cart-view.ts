import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Cart, CartLine } from '../../../../contracts/cart.ts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Db } from '../../platform/db/database.ts';
import type { HookRegistry } from '../../platform/modules/hooks.ts';
import { cartItems, configurableOptions, configurableOptionValues, productPrices, products, productStoreTexts, stores } from '../../platform/db/schema/index.ts';
import { activeSpecialPrice, finalPriceOf, productRowColumns } from '../catalog/products/rows.ts';
import { loadImages, mainImageUrl } from '../catalog/products/common.ts';
import { configuredLineDetails } from './line-details.ts';
import { roundMoney } from './money.ts';

/** The cart's answer (contracts/cart.ts): the shape the storefront and the widget read. */
export type CartView = Cart;

/** Who reads the cart: the lines shown are the ones this caller may see (hook `cart.view`). */
export interface CartViewer {
  hooks: HookRegistry;
  caller: Caller;
}

/**
 * The cart as the shopper sees it: current prices of the cart's store view, line totals, subtotal.
 * A product whose price B2B Access hides from the caller never gets in (DECISIONS.md 61: 403
 * purchase_blocked, or 404 where it is hidden, 47); a line whose product or price became hidden
 * after it was added is withheld by the `cart.view` hook, so no cart, quote, order or email built
 * from this view shows the caller that price.
 */
export async function loadCartView(db: Db, cart: { id: number; storeId: number } | undefined, fallbackCurrency: string, viewer: CartViewer): Promise<CartView> {
  if (!cart) return { id: null, currency: fallbackCurrency, items: [], itemsQty: 0, subtotal: 0 };
  const withheld = await withheldLines(viewer, cart);
  const parent = alias(products, 'parent');
  const [store] = await db.select({ currency: stores.baseCurrencyCode }).from(stores).where(eq(stores.id, cart.storeId));
  const shown = await db
    // The product's name is the cart's store view's own where it has one, so lines (and the order
    // lines copied from them) read as the shop the shopper bought in.
    .select({ item: cartItems, product: productRowColumns.product, parentSku: parent.sku, parentUrlKey: parent.urlKey, price: productPrices.price, specialPrice: activeSpecialPrice })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, cart.storeId)))
    .leftJoin(productStoreTexts, and(eq(productStoreTexts.productId, products.id), eq(productStoreTexts.storeId, cart.storeId)))
    .leftJoin(parent, eq(parent.id, cartItems.parentId))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.id));
  const rows = withheld.size === 0 ? shown : shown.filter(({ item }) => !withheld.has(item.id));
  const [labels, details, images] = await Promise.all([
    optionLabels(db, rows.flatMap((r) => (r.item.parentId === null ? [] : [r.item.parentId]))),
    configuredLineDetails(
      db,
      cart.storeId,
      rows.flatMap(({ item, price, specialPrice }) =>
        item.configuration === null ? [] : [{ id: item.id, basePrice: finalPriceOf(price, specialPrice), configuration: item.configuration }],
      ),
    ),
    loadImages(db, [...new Set(rows.flatMap(({ item }) => (item.parentId === null ? [item.productId] : [item.productId, item.parentId])))]),
  ]);
  const quantityPrices = await quantityPricedLines(viewer, cart.storeId, rows);
  const items: CartLine[] = rows.map(({ item, product, parentSku, parentUrlKey, price, specialPrice }) => {
    const configured = details.get(item.id);
    const unit = configured?.unitPrice ?? quantityPrices.get(item.id) ?? finalPriceOf(price, specialPrice);
    const complete = configured?.complete !== false;
    const sellable = product.stockStatus === 'in_stock' && product.isEnabled && complete;
    return {
      id: item.id,
      productId: product.id,
      sku: product.sku,
      name: product.name,
      parentSku,
      urlKey: parentUrlKey ?? product.urlKey,
      imageUrl: mainImageUrl(images.get(product.id) ?? (item.parentId === null ? undefined : images.get(item.parentId))),
      options: configured?.labels ?? Object.fromEntries(
        Object.entries(item.options).map(([code, index]) => [code, labels.get(`${item.parentId}:${code}:${index}`) ?? String(index)]),
      ),
      configuration: item.configuration,
      qty: item.qty,
      price: unit,
      rowTotal: roundMoney(unit * item.qty),
      available: sellable ? product.qty : 0,
      complete,
    };
  });
  return {
    id: cart.id,
    currency: store?.currency ?? fallbackCurrency,
    items,
    itemsQty: items.reduce((sum, line) => sum + line.qty, 0),
    subtotal: roundMoney(items.reduce((sum, line) => sum + line.rowTotal, 0)),
  };
}

async function withheldLines({ hooks, caller }: CartViewer, cart: { id: number; storeId: number }): Promise<ReadonlySet<number>> {
  const withheld = new Set<number>();
  if (!hooks.has('cart.view')) return withheld;
  await hooks.run('cart.view', {
    caller,
    cartId: cart.id,
    storeId: cart.storeId,
    withhold(itemIds) {
      for (const id of itemIds) withheld.add(id);
    },
  });
  return withheld;
}

/** The unit prices modules give lines priced by their product alone, for the line's quantity (hook `cart.priceLines`). */
async function quantityPricedLines(
  { hooks, caller }: CartViewer,
  storeId: number,
  rows: ReadonlyArray<{ item: { id: number; productId: number; qty: number; configuration: unknown }; product: { sku: string }; price: number; specialPrice: number | null }>,
): Promise<ReadonlyMap<number, number>> {
  const prices = new Map<number, number>();
  if (!hooks.has('cart.priceLines')) return prices;
  const lines = rows
    .filter(({ item }) => item.configuration === null)
    .map(({ item, product, price, specialPrice }) => ({ id: item.id, productId: item.productId, sku: product.sku, qty: item.qty, unitPrice: finalPriceOf(price, specialPrice) }));
  if (lines.length === 0) return prices;
  const ids = new Set(lines.map((line) => line.id));
  await hooks.run('cart.priceLines', {
    caller,
    storeId,
    lines,
    price(lineId, unitPrice) {
      if (ids.has(lineId)) prices.set(lineId, unitPrice);
    },
  });
  return prices;
}

/** "parentId:code:valueIndex" → label, for the configurables in the cart. */
async function optionLabels(db: Db, parentIds: number[]): Promise<Map<string, string>> {
  if (parentIds.length === 0) return new Map();
  const rows = await db
    .select({ parentId: configurableOptions.productId, code: configurableOptions.attributeCode, valueIndex: configurableOptionValues.valueIndex, label: configurableOptionValues.label })
    .from(configurableOptions)
    .innerJoin(configurableOptionValues, eq(configurableOptionValues.optionId, configurableOptions.id))
    .where(inArray(configurableOptions.productId, [...new Set(parentIds)]));
  return new Map(rows.map((r) => [`${r.parentId}:${r.code}:${r.valueIndex}`, r.label]));
}
