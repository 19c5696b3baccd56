import type { CartView } from '../carts/cart-view.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * A line whose bundle part or download link stopped being sold while it sat in the cart is priced
 * without it; ordering it would sell less than was chosen (and record a configuration fulfilment
 * cannot honour). Such a cart is neither paid for nor ordered until the shopper replaces the line.
 */
export function requireCompleteLines(cart: Pick<CartView, 'items'>): void {
  const incomplete = cart.items.filter((line) => !line.complete);
  if (incomplete.length === 0) return;
  const skus = incomplete.map((line) => line.sku).join(', ');
  throw new AppError(
    'conflict',
    'cart_line_incomplete',
    `Part of what was chosen for ${skus} is no longer sold; remove the line and add the product again.`,
    { lines: incomplete.map((line) => ({ id: line.id, sku: line.sku })) },
  );
}
