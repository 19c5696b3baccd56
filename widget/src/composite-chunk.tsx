/**
 * The composite types' forms (composite-choices.tsx) as a chunk of their own, fetched the first
 * time a lightbox needs them, or a little earlier: when the pointer or focus reaches such a
 * product's card, so the click usually finds it loaded.
 */
import { onFirstUse } from './on-first-use.tsx';
import type { WidgetProduct } from './types.ts';

/** Types whose choice is a form of the chunk's. */
export const isComposite = (product: WidgetProduct): boolean => ['grouped', 'bundle', 'downloadable', 'giftcard'].includes(product.type);

export const CompositeChoices = onFirstUse(
  () => import('./composite-choices.tsx').then((module) => module.CompositeChoices),
  () => <p class="note">Loading the choices…</p>,
);
