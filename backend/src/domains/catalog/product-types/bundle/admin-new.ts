/** A bundle on the new-product form: its options (priced and stocked by the products they offer). */
import { html } from 'hono/html';
import type { NewProductFields } from '../new-product-fields.ts';
import { bundleField, bundleFieldsets, typedBundle } from './admin-form.ts';

export const bundleNew: NewProductFields = {
  label: 'Bundle',
  hint: 'Shoppers choose its parts from the options you offer; sold as one line.',
  fields: (form) => html`<fieldset><legend>The options shoppers choose from (an empty option is left out; add more on its page)</legend>
    ${bundleFieldsets(form.typed as Record<string, string | string[]>, form.errors, 3)}
  </fieldset>`,
  input: async (db, typed) => {
    const bundle = await typedBundle(db, typed as Record<string, string | string[]>);
    if ('errors' in bundle) return bundle;
    return { body: { bundleOptions: bundle.options }, fieldOf: (path, message) => bundleField(bundle, path, message) };
  },
};
