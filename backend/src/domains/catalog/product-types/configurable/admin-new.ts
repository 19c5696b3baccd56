/**
 * A configurable on the new-product form: the attributes shoppers choose and a first variant (its
 * SKU, price, stock and a value for each attribute; more are added on its page, whose variants grid
 * takes each variant's price in each store view).
 */
import { html } from 'hono/html';
import { text, type NewProductFields } from '../new-product-fields.ts';
import { configurableAttributeLabels } from './attributes.ts';

const attributesOf = (typed: Record<string, unknown>) => [typed.configurableAttributes ?? []].flat().filter((code): code is string => typeof code === 'string');

export const configurableNew: NewProductFields = {
  label: 'Configurable',
  hint: 'Variants shoppers choose by attributes, such as colour and size, each with its own SKU, price and stock.',
  fields: (form) => html`<fieldset><legend>The attributes shoppers choose</legend>
      ${Object.entries(configurableAttributeLabels).map(
        ([code, label]) => html`<label><input type="checkbox" name="configurableAttributes" value="${code}" ${form.many('configurableAttributes').includes(code) ? 'checked' : ''} /> ${label}</label>`,
      )}${form.problem('configurableAttributes')}
    </fieldset>
    <fieldset><legend>A first variant (add more on its page)</legend>
      ${form.input('variant.sku', 'Variant SKU', undefined, true)} ${form.input('variant.price', `Variant price (every store view; set each view's on its page)`, '0.01', true)}
      ${form.input('variant.stockQty', 'Variant stock quantity', '1')}
      ${Object.entries(configurableAttributeLabels).map(([code, label]) => form.input(`variant.${code}`, `Variant ${label.toLowerCase()} (e.g. ${code === 'color' ? 'Navy' : 'M'}; for a chosen attribute)`))}
      ${form.problem('variant.attributes')}
    </fieldset>`,
  input: async (_db, typed) => {
    const attributes = attributesOf(typed);
    const number = (name: string) => (text(typed, name).trim() === '' ? undefined : Number(text(typed, name)));
    return {
      body: {
        configurableAttributes: attributes,
        variants: [{ sku: text(typed, 'variant.sku'), price: number('variant.price'), stockQty: number('variant.stockQty'), attributes: Object.fromEntries(attributes.map((code) => [code, text(typed, `variant.${code}`)])) }],
      },
      // `variants.0.attributes.size` was typed in `variant.size`.
      fieldOf: (path, message) => {
        const [head, , part, code] = path.map(String);
        if (head !== 'variants') return undefined;
        return [part === undefined ? 'variant.sku' : part === 'attributes' ? `variant.${code ?? 'attributes'}` : `variant.${part}`, message];
      },
    };
  },
};
