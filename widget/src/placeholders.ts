/**
 * Finds the host page's placeholders (`data-shop-product="SKU"`, SPEC.md widget behaviour 2) and
 * fills each with a card. A placeholder keeps its space while it loads (at least the card's height,
 * so the card moves nothing in); one whose SKU the store does not know is hidden. Placeholders
 * added later (single-page apps) are picked up by a MutationObserver. Each placeholder is handled
 * once: `data-shop-state` records where it is (loading, ready, missing).
 */
import { CARD_HEIGHT } from './card-styles.ts';
import { CARD_TAG, type CardProps } from './product-card.tsx';
import { currency, type Widget } from './widget.ts';

const SELECTOR = '[data-shop-product]:not([data-shop-state])';

type CardElement = HTMLElement & CardProps;

/** Fills one placeholder with its card, or hides it when the store has no such SKU. */
export async function fill(placeholder: HTMLElement, widget: Widget): Promise<void> {
  const sku = placeholder.dataset.shopProduct?.trim() ?? '';
  placeholder.dataset.shopState = 'loading';
  if (parseFloat(getComputedStyle(placeholder).minHeight) < CARD_HEIGHT) placeholder.style.minHeight = `${CARD_HEIGHT}px`;
  const product = sku === '' ? null : await widget.products.product(sku);
  if (!product) {
    placeholder.dataset.shopState = 'missing';
    placeholder.hidden = true;
    placeholder.style.display = 'none';
    return;
  }
  const card = document.createElement(CARD_TAG) as CardElement;
  card.currency = currency(widget);
  card.store = widget.options.store;
  card.product = product;
  placeholder.replaceChildren(card);
  placeholder.dataset.shopState = 'ready';
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
