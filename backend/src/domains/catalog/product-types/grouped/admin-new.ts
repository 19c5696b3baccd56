/** A grouped product on the new-product form: the products it sells, by SKU (priced and stocked by them). */
import { html } from 'hono/html';
import { text, type NewProductFields } from '../new-product-fields.ts';
import { membersOf } from './admin-form.ts';

export const groupedNew: NewProductFields = {
  label: 'Grouped',
  hint: 'Sells other products together on one page, each in its own line of the cart.',
  fields: (form) => html`<fieldset><legend>The products it sells</legend>
    <label for="new-members">Member SKUs (simple or virtual), one a line, a quantity after it if more than one (e.g. "TEE-1 2")</label>
    <textarea name="members" id="new-members" rows="4" ${form.invalid('members')}>${form.text('members')}</textarea>${form.problem('members')}
  </fieldset>`,
  input: async (db, typed) => {
    const members = await membersOf(db, text(typed, 'members'));
    if (typeof members === 'string') return { errors: { members } };
    return { body: { linkedProducts: members }, fieldOf: (path, message) => (path[0] === 'linkedProducts' ? ['members', message] : undefined) };
  },
};
