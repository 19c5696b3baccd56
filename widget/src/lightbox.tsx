/**
 * `<shop-lightbox>`: the one dialog of the page (appended to `body`), showing a product or the
 * checkout. `role="dialog"` with `aria-modal`, focus moved in on open and kept in (Tab wraps),
 * Escape and the backdrop close it, and focus returns to what opened it. Focus is kept in through
 * every asynchronous step too: an element that loses focus to nothing (a button re-rendered, a
 * view swapped) hands it back to the dialog, and while the dialog is open Escape and Tab pressed
 * anywhere on the page act on it, so a keyboard is never stranded on the host's `<body>`. The live region stays
 * rendered while closed so "added to cart" is announced. The light-DOM child `slot="payment"` is
 * where Stripe mounts (stripe.ts).
 */
import { customElement } from './custom-element.ts';
import { Show, createEffect, onCleanup } from 'solid-js';
import { onFirstUse } from './on-first-use.tsx';
import { ProductView } from './product-view.tsx';
import { accentCss, adoptStyles } from './styles.ts';
import css from './lightbox.css?inline';
import { announcement, closeView, view, type View } from './view.ts';
import type { Widget } from './widget.ts';

type ProductShown = Extract<View, { kind: 'product' }>;

/** The checkout is fetched the first time it opens (issue 34: its own chunk). */
const CheckoutView = onFirstUse(() => import('./checkout-view.tsx').then((module) => module.CheckoutView));

export const LIGHTBOX_TAG = 'shop-lightbox';

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled])';

export function defineLightbox(widget: Widget): void {
  customElement(LIGHTBOX_TAG, {}, (_props, { element }) => {
    const root = element.renderRoot;
    adoptStyles(root, accentCss(widget.options.accent), css);
    let dialog: HTMLDivElement | undefined;
    const paymentSlot = Object.assign(document.createElement('div'), { slot: 'payment' });
    element.append(paymentSlot);

    const keys = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeView();
      }
      if (event.key !== 'Tab' || !dialog) return;
      const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const edge = event.shiftKey ? stops[0] : stops[stops.length - 1];
      if (root.activeElement === edge || !dialog.contains(root.activeElement)) {
        event.preventDefault();
        (event.shiftKey ? stops[stops.length - 1] : stops[0])?.focus();
      }
    };

    // Focus inside the dialog, or on the payment slot's light-DOM children (Stripe's frame).
    const holdsFocus = () => (dialog?.contains(root.activeElement) ?? false) || element.contains(document.activeElement);
    const reclaim = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return;
      // Where focus lands is known only after the browser moved it.
      setTimeout(() => {
        if (view() && !holdsFocus()) dialog?.focus();
      });
    };
    const pageKeys = (event: KeyboardEvent) => {
      if (!view() || event.composedPath().includes(element)) return;
      if (event.key === 'Escape' || event.key === 'Tab') keys(event);
    };
    document.addEventListener('keydown', pageKeys);
    onCleanup(() => document.removeEventListener('keydown', pageKeys));

    createEffect(() => {
      // Each new view (product → checkout included) starts with focus on the dialog itself,
      // so a screen reader reads its title.
      if (view()) queueMicrotask(() => dialog?.focus());
    });

    return (
      <>
        <Show when={view()} keyed>
          {(shown) => (
            <div class="backdrop" part="backdrop" on:click={(event) => event.target === event.currentTarget && closeView()}>
              <div
                ref={(element) => (dialog = element)}
                class="dialog"
                part="dialog"
                role="dialog"
                aria-modal="true"
                aria-labelledby="shop-title"
                tabindex="-1"
                on:keydown={keys}
                on:focusout={reclaim}
              >
                <button type="button" class="close" aria-label="Close" on:click={closeView}>
                  ×
                </button>
                {shown.kind === 'checkout' ? <CheckoutView widget={widget} paymentSlot={paymentSlot} /> : <ProductView product={(shown as ProductShown).product} widget={widget} />}
              </div>
            </div>
          )}
        </Show>
        <p class="sr" role="status" aria-live="polite">
          {announcement()}
        </p>
      </>
    );
  });
}
