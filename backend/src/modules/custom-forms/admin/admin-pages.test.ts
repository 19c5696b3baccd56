/**
 * The Forms admin pages over HTTP, as a signed-in admin uses them: build a form in the builder
 * (add, reorder, remove fields), see a bad field shown again with the problem, browse submissions
 * with a visitor's HTML escaped, export CSV, and read the spam log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrowser } from '../../../../test/helpers/admin-session.ts';
import { dialects } from '../../../../test/helpers/test-shop.ts';
import { adminBase, fromVisitor, openFormsShop, type FormsShop } from '../test/forms-shop.ts';

describe.each(dialects)('Custom Forms admin pages (%s)', (dialect) => {
  let forms: FormsShop;
  let browser: ReturnType<typeof adminBrowser>;

  beforeAll(async () => {
    forms = await openFormsShop(dialect);
    await forms.configure({ enabled: true, headlessApi: true, minFillSeconds: 0 });
    browser = adminBrowser(forms.shop);
    await browser.signIn();
  });
  afterAll(async () => {
    expect(forms.shop.loggedErrors).toEqual([]);
    await forms.close();
  });

  const apiForm = async (code: string) => (await forms.shop.send<{ fields: { key: string; type: string; required: boolean; options?: unknown[] }[] }>('GET', `${adminBase}/forms/${code}`, { headers: forms.admin })).body;

  it('offers each active form\'s directive under a CMS page\'s content, and nowhere else', async () => {
    const created = await forms.shop.send('POST', `${adminBase}/forms`, {
      json: { code: 'quote', title: 'Ask for a quote', isActive: true, successMessage: 'Thanks.', notifyEmails: [], fields: [{ key: 'email', type: 'email', label: 'Email', required: true }] },
      headers: forms.admin,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [page] = ((await forms.shop.get('/api/rest/v2/cms-pages?identifier=about-us')).body as { member: Array<{ id: number }> }).member;
    const editor = await browser.request('GET', `/admin/cms-pages/${page!.id}`);
    expect(editor.html).toMatch(/<p class="snippets" data-snippets-for="field-content">Insert:\s*<button type="button" data-snippet="\{\{block type=&quot;customforms\/form&quot; form_code=&quot;quote&quot;\}\}"[^>]*>Form: Ask for a quote<\/button>/);
    expect((await browser.request('GET', '/admin/blog-posts/new')).html).not.toContain('data-snippet=');
  });

  it('builds a form: fields of every kind in position order, options, then a field removed', async () => {
    const created = await browser.submit('/admin/custom-forms/forms/new', '/admin/custom-forms/forms', {
      code: 'callback',
      title: 'Call me back',
      isActive: 'on',
      successMessage: 'We will call you.',
      notifyEmails: 'team@example.com',
      'fields.0.label': 'Phone',
      'fields.0.key': 'phone',
      'fields.0.type': 'tel',
      'fields.0.required': 'on',
      'fields.0.position': '20',
      'fields.1.label': 'When',
      'fields.1.key': 'when',
      'fields.1.type': 'radio',
      'fields.1.options': 'am|Morning\npm|Afternoon',
      'fields.1.position': '10',
    });
    expect(created.status).toBe(303);
    expect(created.location).toBe('/admin/custom-forms/forms/callback?flash=created');
    let form = await apiForm('callback');
    expect(form.fields.map((field) => field.key)).toEqual(['when', 'phone']);
    expect(form.fields[0]!.options).toEqual([{ value: 'am', label: 'Morning' }, { value: 'pm', label: 'Afternoon' }]);

    const page = await browser.request('GET', '/admin/custom-forms/forms/callback');
    expect(page.html).toContain('{{block type="customforms/form" form_code="callback"}}');
    expect(page.html).toContain('Preview');
    const saved = await browser.submit('/admin/custom-forms/forms/callback', '/admin/custom-forms/forms/callback', {
      title: 'Call me back',
      isActive: 'on',
      successMessage: 'We will call you.',
      'fields.0.label': 'When',
      'fields.0.key': 'when',
      'fields.0.type': 'radio',
      'fields.0.options': 'am|Morning',
      'fields.0.remove': 'on',
      'fields.1.label': 'Phone',
      'fields.1.key': 'phone',
      'fields.1.type': 'tel',
      // The blank row a builder always offers, filled in: a new field.
      'fields.2.label': 'Name',
      'fields.2.key': 'name',
      'fields.2.type': 'text',
    });
    expect(saved.status).toBe(303);
    form = await apiForm('callback');
    expect(form.fields).toEqual([
      { key: 'phone', label: 'Phone', type: 'tel', required: false },
      { key: 'name', label: 'Name', type: 'text', required: false },
    ]);
  });

  it('shows a bad field again with the problem named, keeping what was typed, and saves nothing', async () => {
    const answer = await browser.submit('/admin/custom-forms/forms/new', '/admin/custom-forms/forms', {
      code: 'broken',
      title: 'Broken',
      'fields.0.label': 'Pick one',
      'fields.0.key': 'pick',
      'fields.0.type': 'select',
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('fields.0.options');
    expect(answer.html).toContain('value="Pick one"');
    expect((await forms.shop.send('GET', `${adminBase}/forms/broken`, { headers: forms.admin })).status).toBe(404);
    // The messages are the API schema's, in words: a row moved first by its position is named by where it lands.
    const unlabelled = await browser.submit('/admin/custom-forms/forms/new', '/admin/custom-forms/forms', {
      code: 'broken',
      title: 'Broken',
      notifyEmails: 'team@example.com',
      'fields.0.label': 'Name',
      'fields.0.key': 'name',
      'fields.0.type': 'text',
      'fields.0.position': '20',
      'fields.1.key': 'size',
      'fields.1.type': 'number',
      'fields.1.maxLength': 'long',
      'fields.1.position': '10',
    });
    expect(unlabelled.status).toBe(400);
    expect(unlabelled.html).toContain('Field “size”, Label: Give the field a label.');
    const badEmail = await browser.submit('/admin/custom-forms/forms/new', '/admin/custom-forms/forms', { code: 'broken', title: 'Broken', notifyEmails: 'team, x@example.com', 'fields.0.label': 'Name', 'fields.0.key': 'name', 'fields.0.type': 'text' });
    expect(badEmail.html).toContain('Notify these addresses: Not an email address.');
  });

  it('lists submissions with the visitor’s text escaped, exports CSV and shows the spam log', async () => {
    const saved = await forms.shop.send('POST', '/api/rest/v2/custom-form-submissions', {
      json: { formCode: 'callback', payload: { phone: '+1 555 0100' }, renderToken: await forms.token('callback'), hp: '' },
      headers: fromVisitor('203.0.113.77'),
    });
    expect(saved.status).toBe(201);
    const hostile = await forms.shop.send('POST', '/api/rest/v2/custom-form-submissions', {
      json: { formCode: 'callback', payload: { phone: '', name: '<script>alert(1)</script>' }, renderToken: await forms.token('callback'), hp: '' },
      headers: fromVisitor('203.0.113.79'),
    });
    expect(hostile.status).toBe(201);

    const grid = await browser.request('GET', '/admin/custom-forms/forms/callback/submissions');
    expect(grid.status).toBe(200);
    expect(grid.html).toContain('+1 555 0100');
    expect(grid.html).not.toContain('<script>alert(1)</script>');
    expect(grid.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const csv = await browser.request('GET', '/admin/custom-forms/forms/callback/submissions.csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.html).toContain("'+1 555 0100");

    const bot = await forms.shop.send('POST', '/api/rest/v2/custom-form-submissions', {
      json: { formCode: 'callback', payload: { phone: '' }, renderToken: await forms.token('callback'), hp: 'https://spam.example' },
      headers: fromVisitor('203.0.113.78'),
    });
    expect(bot.status).toBe(201);
    const spam = await browser.request('GET', '/admin/custom-forms/spam');
    expect(spam.html).toContain('Honeypot filled');
    expect(spam.html).toContain('203.0.113.78');
  });

  it('needs the admin session and answers an unknown form with 404', async () => {
    expect((await forms.shop.app.request('/admin/custom-forms/forms')).status).toBe(303);
    expect((await browser.request('GET', '/admin/custom-forms/forms/nope')).status).toBe(404);
    expect((await browser.request('GET', '/admin/custom-forms/forms/Bad%20Code/submissions')).status).toBe(404);
  });
});
