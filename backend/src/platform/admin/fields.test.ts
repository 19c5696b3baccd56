import { html } from 'hono/html';
import { describe, expect, it } from 'vitest';
import { parsePage, textOf } from '../../../test/helpers/html.ts';
import { checkboxField, control, fieldset, moneyField, options, selectField, textareaField, textField, wrappedField } from './fields.ts';

/** The kit's fields as a browser reads them: parsed, not compared as text. */
const render = async (node: unknown) => parsePage(String(await html`<form>${node}</form>`));

describe('the admin field kit', () => {
  it('labels a text field, escapes what it shows, and ties its help and error to it', async () => {
    const page = await render(textField({ name: 'title', id: 'field-title', label: 'Title <b>', value: '"Spring" & <sale>', help: 'Shown on top.', error: 'Too long.' }));
    const input = page.one('input[name="title"]');
    expect(input.attribs).toMatchObject({ type: 'text', id: 'field-title', value: '"Spring" & <sale>', 'aria-invalid': 'true', 'aria-describedby': 'field-title-help' });
    expect(textOf(page.one('label[for="field-title"]'))).toBe('Title <b>');
    expect(textOf(page.one('#field-title-help'))).toBe('Shown on top.');
    expect(textOf(page.one('strong.error[role="alert"]'))).toBe('Too long.');
  });

  it('marks nothing invalid without an error', async () => {
    const page = await render(textField({ name: 'title', id: 'field-title', label: 'Title', value: '' }));
    expect(page.one('input').attribs['aria-invalid']).toBeUndefined();
    expect(page.has('.error')).toBe(false);
  });

  it('selects the current choice under an optional blank one, and ticks a checkbox inside its label', async () => {
    const page = await render(
      html`${selectField({ name: 'parentId', id: 'p', label: 'Parent', value: '2', blank: '(none)', choices: [{ value: 1, label: '/a' }, { value: 2, label: '/b' }] })}${checkboxField({ name: 'isActive', id: 'a', label: 'Active', checked: true })}`,
    );
    expect(page.all('option').map((option) => [option.attribs.value, 'selected' in option.attribs])).toEqual([['', false], ['1', false], ['2', true]]);
    expect('checked' in page.one('label > input[type="checkbox"][name="isActive"]').attribs).toBe(true);
  });

  it('keeps a textarea\'s text as text, marks a rich one for the editor, and puts what comes after it before its help', async () => {
    const page = await render(textareaField({ name: 'content', id: 'c', label: 'Content', value: '<p>Hi</p>', rows: 16, richText: true, after: html`<div data-snippets-for="c"></div>` }));
    const area = page.one('textarea');
    expect([textOf(area), area.attribs.rows, 'data-rich-text' in area.attribs]).toEqual(['<p>Hi</p>', '16', true]);
    expect(page.has('textarea + div[data-snippets-for] + span#c-help')).toBe(true);
  });

  it('wraps a bare control in its label with its error after, and draws money, options and fieldsets', async () => {
    const page = await render(
      html`${wrappedField('Amount', control('input', { name: 'amount', inputmode: 'decimal', 'aria-describedby': 'e' }), { id: 'e', message: 'Not an amount.' })}
        ${fieldset('Group', control('select', { name: 'g' }, options([{ value: 1, label: 'General' }, { value: 2, label: 'Wholesale' }], 2)))}
        ${moneyField({ name: 'price', id: 'price', label: 'Price', currency: 'USD', value: '12.50' })}`,
    );
    expect(textOf(page.one('label:has(input[name="amount"])'))).toBe('Amount');
    expect(textOf(page.one('strong#e[role="alert"]'))).toBe('Not an amount.');
    expect(textOf(page.one('fieldset > legend'))).toBe('Group');
    expect(page.one('fieldset option[selected]').attribs.value).toBe('2');
    expect([textOf(page.one('label[for="price"]')), page.one('#price').attribs.inputmode]).toEqual(['Price (USD)', 'decimal']);
  });
});
