/** A gift card on the new-product form: its stock, kind and amounts (priced by them: no price field). */
import { html } from 'hono/html';
import type { NewProductFields } from '../new-product-fields.ts';
import { typedGiftcard } from './admin-form.ts';

const kinds = { virtual: 'Virtual (sent by email)', physical: 'Physical (shipped)', combined: 'Combined (both)' };

export const giftcardNew: NewProductFields = {
  label: 'Gift card',
  hint: 'Sold at the amounts you offer, or one the shopper chooses.',
  fields: (form) => html`<fieldset><legend>The amounts offered (the same in every store view)</legend>
    <label>Kind <select name="giftcard.giftcardType">
      ${Object.entries(kinds).map(([kind, label]) => html`<option value="${kind}" ${form.text('giftcard.giftcardType') === kind ? 'selected' : ''}>${label}</option>`)}
    </select></label>${form.problem('giftcard.giftcardType')}
    ${form.input('giftcard.amounts', 'Amounts, comma-separated (e.g. 25, 50, 100)')}
    <label><input type="checkbox" name="giftcard.allowOpenAmount" ${form.typed['giftcard.allowOpenAmount'] !== undefined ? 'checked' : ''} /> Shoppers may choose their own amount</label>
    ${form.input('giftcard.openAmountMin', 'Smallest own amount', '0.01')} ${form.input('giftcard.openAmountMax', 'Largest own amount', '0.01')}
    ${form.input('stockQty', 'Stock quantity (cards to sell)', '1')}
  </fieldset>`,
  input: async (_db, typed) => ({
    body: { giftcard: typedGiftcard(typed as Record<string, string | string[]>) },
    fieldOf: (path, message) => (path[0] === 'giftcard' ? [`giftcard.${String(path[1] ?? 'amounts')}`, message] : undefined),
  }),
};
