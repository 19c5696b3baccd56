/** A downloadable product on the new-product form: its price in each view and stock, and its links, one a line. */
import { html } from 'hono/html';
import { selfPricedFields, selfPricedInput, text, type NewProductFields } from '../new-product-fields.ts';
import { linkLines } from './admin-form.ts';

export const downloadableNew: NewProductFields = {
  label: 'Downloadable',
  hint: 'Files shoppers buy and download: an e-book, a pattern, an audiobook.',
  fields: (form) => html`${selfPricedFields(form)}
    <fieldset><legend>The links shoppers buy</legend>
      <label for="new-links">One link a line: title | price on top of the product's, every store view (blank or 0: comes with it) | sample URL (optional), e.g. "PDF | 0" and "Audiobook | 6.50 | https://example.com/sample.mp3"</label>
      <textarea name="links" id="new-links" rows="4" ${form.invalid('links')}>${form.text('links')}</textarea>${form.problem('links')}
    </fieldset>`,
  input: async (db, typed, views) => {
    const priced = await selfPricedInput(db, typed, views);
    const links = linkLines(text(typed, 'links'));
    if (typeof links === 'string') return { errors: { ...('errors' in priced ? priced.errors : {}), links } };
    if ('errors' in priced) return priced;
    return {
      body: { downloadableLinks: links.map(({ title, price, sampleUrl }) => ({ title, price, sampleUrl })) },
      fieldOf: (path, message) => (path[0] === 'downloadableLinks' ? ['links', message] : undefined),
    };
  },
};
