/**
 * Finds the host page's placeholders (`data-shop-product="SKU"`, SPEC.md widget behaviour 2) and
 * replaces each with a card. A placeholder keeps its space while it loads (at least the card's
 * height, the card's own fixed height, so the card moves nothing in); one whose SKU the store does
 * not know is hidden. The card takes over the placeholder's `id`, `class` and `style` (what a host
 * lays out by) and says its SKU in `data-shop-sku`, never `data-shop-product`, so no scan takes it
 * for a placeholder. Placeholders added later (single-page apps) are picked up by a
 * MutationObserver; `data-shop-state` marks one being handled (loading, or missing once hidden).
 */
import { CARD_HEIGHT } from './card-styles.ts';
import { CARD_TAG, type CardProps } from './product-card.tsx';
import { currency, type Widget } from './widget.ts';

const SELECTOR = '[data-shop-product]:not([data-shop-state])';

type CardElement = HTMLElement & CardProps;

/** The host's attributes a card keeps when it takes a placeholder's place. */
const LAYOUT_ATTRIBUTES = ['id', 'class', 'style'] as const;

/** Replaces one placeholder with its card, or hides it when the store has no such SKU; resolves to the card. */
export async function fill(placeholder: HTMLElement, widget: Widget): Promise<HTMLElement | null> {
  const sku = placeholder.dataset.shopProduct?.trim() ?? '';
  const layout = LAYOUT_ATTRIBUTES.map((name) => [name, placeholder.getAttribute(name)] as const);
  placeholder.dataset.shopState = 'loading';
  if (parseFloat(getComputedStyle(placeholder).minHeight) < CARD_HEIGHT) placeholder.style.minHeight = `${CARD_HEIGHT}px`;
  const product = sku === '' ? null : await widget.products.product(sku);
  if (!product) {
    placeholder.dataset.shopState = 'missing';
    placeholder.hidden = true;
    placeholder.style.display = 'none';
    return null;
  }
  const card = document.createElement(CARD_TAG) as CardElement;
  card.currency = currency(widget);
  card.store = widget.options.store;
  card.product = product;
  card.dataset.shopSku = sku;
  for (const [name, value] of layout) if (value !== null) card.setAttribute(name, value);
  placeholder.replaceWith(card);
  return card;
}

/** Fills every placeholder under `root` not handled yet; SKUs are fetched together (api.ts). */
export function scan(root: ParentNode, widget: Widget): Promise<void> {
  const found = [...root.querySelectorAll<HTMLElement>(SELECTOR)];
  return Promise.all(found.map((placeholder) => fill(placeholder, widget))).then(() => undefined);
}

/** Scans again whenever the page adds elements; returns the observer (the page keeps it for its life). */
export function watch(widget: Widget): MutationObserver {
  let pending = false;
  const observer = new MutationObserver((records) => {
    if (pending || !records.some((record) => record.addedNodes.length > 0)) return;
    // One scan per burst of mutations, after the page finished inserting.
    pending = true;
    queueMicrotask(() => {
      pending = false;
      void scan(document, widget);
    });
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return observer;
}
