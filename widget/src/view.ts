/**
 * What the one lightbox shows (a product, the checkout, or nothing) and the element to give focus
 * back to when it closes. Module state, since the page has one lightbox: cards, the badge and
 * `ShopEmbed` open it through `openView`.
 */
import { createSignal } from 'solid-js';
import type { WidgetProduct } from './types.ts';

export type View = { kind: 'product'; product: WidgetProduct } | { kind: 'checkout' };

const [view, setView] = createSignal<View | null>(null);
/** What a screen reader hears next (the lightbox's live region). */
const [announcement, announce] = createSignal('');
let opener: HTMLElement | null = null;

/** The focused element, looking inside open shadow roots (a card's button is inside its card). */
function focused(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

export function openView(next: View): void {
  if (!view()) opener = focused();
  setView(next);
}

export function closeView(): void {
  setView(null);
  opener?.focus();
  opener = null;
}

export { announce, announcement, view };
