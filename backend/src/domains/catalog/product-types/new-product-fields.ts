/**
 * What a type puts on the new-product form (issue 33 item 5): its name and purpose on the type step,
 * its own fields, and how they become its part of the API's input. The form (products/admin/
 * new-product-page.ts) shows the shared fields and the chosen type's only, reads the shared ones with
 * `formInput(ProductInput)` and asks the type for the rest; a refusal of the type's own part comes
 * back to the field it was typed in through `field`.
 *
 * Prices are asked in each store view's currency: `price` for the default view, and
 * `storeOverrides.{code}.price` for each other one, the API's own names (so formInput reads them),
 * which is how the seeded products' prices are stored too, one price row per view in its currency.
 */
import { html } from 'hono/html';
import type { Db } from '../../../platform/db/database.ts';

export type Typed = Record<string, string | string[] | File | File[]>;
export type FieldErrors = Record<string, string>;

/** A store view as its price fields name it. */
export interface PricedView {
  code: string;
  name: string;
  currency: string;
  isDefault: boolean;
}

/** The form being drawn: what was typed, what was refused, and its field markup. */
export interface NewProductForm {
  typed: Typed;
  errors: FieldErrors;
  /** Every store view, the default first. */
  views: readonly PricedView[];
  text(name: string): string;
  many(name: string): string[];
  /** A labelled field with its error; `step`: a number from 0 in those steps (money 0.01, counts 1). */
  input(name: string, label: string, step?: '0.01' | '1', required?: boolean): unknown;
  problem(name: string): unknown;
  invalid(name: string): unknown;
}

/** Where a refusal of the type's own part shows: its form field and message; undefined: the path's own name. */
export type FieldOf = (path: readonly PropertyKey[], message: string) => [string, string] | undefined;

export type TypePart = { body: Record<string, unknown>; fieldOf?: FieldOf } | { errors: FieldErrors };

export interface NewProductFields {
  /** Its name on the type step. */
  label: string;
  /** What it is for, under its name. */
  hint: string;
  /** Its fields on the form. */
  fields: (form: NewProductForm) => unknown;
  /** Its part of the API's input from what was posted (over the shared fields), or its fields' refusals. */
  input: (db: Db, typed: Typed, views: readonly PricedView[]) => Promise<TypePart>;
}

/** The form field of a price in a view: the API's names, so formInput reads them as they are. */
export const priceField = (view: PricedView) => (view.isDefault ? 'price' : `storeOverrides.${view.code}.price`);

/** A price field in each store view's currency. */
export function viewPrices(form: NewProductForm, label = 'Price') {
  return html`${form.views.map((view) => form.input(priceField(view), `${label}, ${view.name} (${view.currency})`, '0.01', true))}`;
}

/**
 * A self-priced type's price in every view: each one is asked, so a product never sells at one
 * view's number in another's currency. Blank in a view other than the default is refused here (the
 * API would take the default's price there, a number in the wrong currency).
 */
export function everyViewPriced(typed: Typed, views: readonly PricedView[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const view of views) {
    const value = typed[priceField(view)];
    if (!view.isDefault && (typeof value !== 'string' || value.trim() === '')) errors[priceField(view)] = `Enter the price in ${view.name} (${view.currency}).`;
  }
  return errors;
}

/** Simple, virtual and downloadable products: a price in each view, and their stock. */
export function selfPricedFields(form: NewProductForm) {
  return html`<fieldset><legend>Price and stock</legend>
    ${viewPrices(form)}
    ${form.input('stockQty', 'Stock quantity', '1')}
  </fieldset>`;
}

/** A self-priced type's part: nothing beyond the shared fields, once every view has its price. */
export async function selfPricedInput(_db: Db, typed: Typed, views: readonly PricedView[]): Promise<TypePart> {
  const errors = everyViewPriced(typed, views);
  return Object.keys(errors).length > 0 ? { errors } : { body: {} };
}

export const text = (typed: Typed, name: string): string => {
  const value = [typed[name]].flat()[0];
  return typeof value === 'string' ? value : '';
};
