/**
 * A cart line as the add that makes the same line again (`POST /cart/items`): how a cart handed over
 * by an agent is copied into the person's own cart (adopt-handed-cart.ts). A variant is named by its
 * own SKU, which the backend sells as picked on its configurable; a bundle, downloadable or gift card
 * carries the choice kept on the line. Prices are not copied: the backend prices the add for the person.
 */
import type { AddCartItem, CartLine } from './types.ts';

export function addItemFor(line: CartLine): AddCartItem {
  const item: AddCartItem = { sku: line.sku, qty: line.qty };
  const choice = line.configuration;
  if (choice?.type === 'bundle') {
    const bundleOptions: Record<string, number[]> = {};
    for (const { optionId, selectionId } of choice.selections) (bundleOptions[String(optionId)] ??= []).push(selectionId);
    item.bundleOptions = bundleOptions;
  } else if (choice?.type === 'downloadable') {
    item.links = choice.linkIds;
  } else if (choice?.type === 'giftcard') {
    item.giftcard = {
      amount: choice.amount,
      senderName: choice.senderName,
      recipientName: choice.recipientName,
      ...(choice.senderEmail === null ? {} : { senderEmail: choice.senderEmail }),
      ...(choice.recipientEmail === null ? {} : { recipientEmail: choice.recipientEmail }),
      ...(choice.message === null ? {} : { message: choice.message }),
    };
  }
  return item;
}
