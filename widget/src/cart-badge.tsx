/**
 * `<shop-cart-badge>`: a floating button with the cart's item count (its accessible name reads
 * "Cart 2 items"),
 * shown once the cart has something in it; it opens the inline checkout.
 */
import { customElement } from './custom-element.ts';
import { Show } from 'solid-js';
import { accentCss, adoptStyles } from './styles.ts';
import css from './badge.css?inline';
import { openView } from './view.ts';
import type { Widget } from './widget.ts';

export const BADGE_TAG = 'shop-cart-badge';

export function defineCartBadge(widget: Widget): void {
  customElement(BADGE_TAG, {}, (_props, { element }) => {
    adoptStyles(element.renderRoot, accentCss(widget.options.accent), css);
    const count = () => widget.cart.cart()?.itemsQty ?? 0;
    return (
      <Show when={count() > 0}>
        <button type="button" part="badge" aria-haspopup="dialog" on:click={() => openView({ kind: 'checkout' })}>
          Cart <span class="count">{count()}</span>
          <span class="sr">{count() === 1 ? ' item' : ' items'}</span>
        </button>
      </Show>
    );
  });
}
