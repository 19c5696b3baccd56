/**
 * The header's cart count on every page, without a client framework: the count the last cart
 * answer left in localStorage, updated when an island changes the cart (this tab) or another tab
 * does (`storage` event). Server HTML never knows the cart, so the badge starts hidden.
 */
import { CART_CHANGED_EVENT, cachedCartCount } from './session.ts';

function render(count: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
  for (const label of document.querySelectorAll<HTMLElement>('[data-cart-label]')) {
    label.textContent = count === 0 ? ', empty' : `, ${count} ${count === 1 ? 'item' : 'items'}`;
  }
}

render(cachedCartCount());
window.addEventListener(CART_CHANGED_EVENT, () => render(cachedCartCount()));
window.addEventListener('storage', () => render(cachedCartCount()));
