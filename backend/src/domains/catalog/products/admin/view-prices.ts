/**
 * A price in each store view's currency on the admin's forms (New product, a configurable's first
 * variant, Add a variant): the default view's price, then each other view's own, named
 * `{prefix}storePrice.{code}` and sent as the API's `storeOverrides.{code}.price`. A blank one is
 * left out: that view sells at the same number (no exchange rates exist to derive one from).
 */
import type { AdminStoreView } from '../../../../platform/admin/store-views.ts';

type Typed = Record<string, string | string[] | File>;

const VIEW_PRICE = 'storePrice.';

/** The form's field for a store view's own price. */
export const viewPriceField = (code: string, prefix = '') => `${prefix}${VIEW_PRICE}${code}`;

/** The label of each view's price field: the default's first, the others saying what blank means. */
export function viewPriceLabels(views: readonly AdminStoreView[], what = 'Price'): { home: string; others: Array<{ code: string; label: string }> } {
  const home = views.find((view) => view.isDefault);
  return {
    home: home ? `${what} in ${home.name} (${home.currency})` : what,
    others: views.filter((view) => view !== home).map((view) => ({ code: view.code, label: `${what} in ${view.name} (${view.currency}; blank: the same number as in ${home?.name ?? 'the default view'})` })),
  };
}

/**
 * The views' own prices typed on the form, as the API's `storeOverrides`. Built from entries, so a
 * posted name like `storePrice.__proto__` never sets the object's prototype (and the backend refuses
 * that name before any route: platform/http/prototype-keys.ts); the service refuses a view it does not know.
 */
export function typedViewPrices(typed: Typed, prefix = ''): Record<string, { price: number }> {
  const start = `${prefix}${VIEW_PRICE}`;
  const typedPrices = Object.entries(typed).flatMap(([name, value]) => {
    const code = name.slice(start.length);
    const text = Array.isArray(value) ? (value[0] ?? '') : value;
    return name.startsWith(start) && code !== '' && typeof text === 'string' && text.trim() !== '' ? [[code, { price: Number(text) }] as const] : [];
  });
  return Object.fromEntries(typedPrices);
}
