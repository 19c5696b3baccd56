/**
 * The add-to-cart body that buys an order line again: its SKU and quantity, with the bundle
 * selections or downloadable links it was bought with (kept on the line as ids, so the choice is
 * the same today). A gift card is not re-sent: its recipient and message belong to that one gift,
 * so the shopper chooses anew on the product page (null here, named to them).
 */
import type { LineConfiguration } from '../../../contracts/line-configuration.ts';
import type { AddCartItem } from './types.ts';

export function reorderItem(line: { sku: string; qty: number; configuration: LineConfiguration | null }): AddCartItem | null {
  const base = { sku: line.sku, qty: line.qty };
  const configuration = line.configuration;
  if (!configuration) return base;
  switch (configuration.type) {
    case 'bundle': {
      const bundleOptions: Record<string, number[]> = {};
      for (const { optionId, selectionId } of configuration.selections) (bundleOptions[String(optionId)] ??= []).push(selectionId);
      return { ...base, bundleOptions };
    }
    case 'downloadable':
      return { ...base, links: configuration.linkIds };
    default:
      return null;
  }
}
