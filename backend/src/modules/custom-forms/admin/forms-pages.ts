/**
 * Content → Forms: the forms grid and the form builder (add, edit, reorder and remove fields of
 * every type, options for select and radio, a preview, activate). The pages call the same services
 * as the admin API (forms/service.ts), so a rule the API enforces holds here too.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { formFieldTypes, type FormField } from '../../../../../contracts/custom-form.ts';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../../platform/admin/page.ts';
import { gridPageSize, pager, requestedPage } from '../../../platform/admin/pager.ts';
import { AppError } from '../../../platform/errors.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { FormsConfig } from '../config.ts';
import type { FormsEnv } from '../env.ts';
import { FormBody, formCode, type FormView } from '../forms/schema.ts';
import { createForm, deleteForm, getForm, listForms, updateForm } from '../forms/service.ts';
import { fieldRowsForm, rowsFromForm, rowsOf, type FieldRow } from './field-rows.ts';
import { parseForm } from '../../../platform/admin/form-input.ts';
import { adminBase } from './paths.ts';

export const contextOf = moduleContext<FormsConfig, FormsEnv>('custom-forms');

export function codeOf(c: Context<AdminEnv>): string {
  const code = formCode.safeParse(c.req.param('code'));
  if (!code.success) throw new AppError('not_found', 'not_found', 'No such form.');
  return code.data;
}

/** The builder's words for a field row's inputs: its template's labels, and how a refused one is named. */
const rowLabels = { label: 'Label', key: 'Key', type: 'Type', options: 'Options', placeholder: 'Placeholder', help: 'Help text', maxLength: 'Max length', position: 'Position' } as const;

/** The same for the form's own inputs. */
const formLabels = { code: 'Code', title: 'Title', successMessage: 'Success message', notifyEmails: 'Notify these addresses' } as const;

/** A refused field of the schema by the builder's label (an option's `value` is typed in Options). */
const builderLabels: Record<string, string> = { ...formLabels, ...rowLabels, value: rowLabels.options };

const blankRow: FieldRow = { key: '', label: '', type: 'text', required: false, options: '', placeholder: '', help: '', maxLength: '', position: 0 };

function fieldRow(row: FieldRow, index: number) {
  const name = (field: string) => `fields.${index}.${field}`;
  const id = (field: string) => `field-${index}-${field}`;
  return html`<fieldset class="field-row" data-row="${index}">
    <legend>${row.key ? `Field “${row.label || row.key}”` : 'New field'}</legend>
    <label for="${id('label')}">${rowLabels.label}</label> <input id="${id('label')}" name="${name('label')}" value="${row.label}" maxlength="200" />
    <label for="${id('key')}">${rowLabels.key}</label> <input id="${id('key')}" name="${name('key')}" value="${row.key}" maxlength="64" />
    <label for="${id('type')}">${rowLabels.type}</label>
    <select id="${id('type')}" name="${name('type')}">${formFieldTypes.map((type) => html`<option value="${type}" ${type === row.type ? 'selected' : ''}>${type}</option>`)}</select>
    <label><input type="checkbox" name="${name('required')}" ${row.required ? 'checked' : ''} /> Required</label>
    <label for="${id('options')}">${rowLabels.options} (select and radio; one per line, value|label)</label>
    <textarea id="${id('options')}" name="${name('options')}" rows="3">${row.options}</textarea>
    <label for="${id('placeholder')}">${rowLabels.placeholder}</label> <input id="${id('placeholder')}" name="${name('placeholder')}" value="${row.placeholder}" maxlength="200" />
    <label for="${id('help')}">${rowLabels.help}</label> <input id="${id('help')}" name="${name('help')}" value="${row.help}" maxlength="500" />
    <label for="${id('maxLength')}">${rowLabels.maxLength}</label> <input id="${id('maxLength')}" name="${name('maxLength')}" value="${row.maxLength}" inputmode="numeric" />
    <label for="${id('position')}">${rowLabels.position}</label> <input id="${id('position')}" name="${name('position')}" value="${row.position || ''}" inputmode="numeric" />
    ${row.key ? html`<label><input type="checkbox" name="${name('remove')}" /> Remove this field</label>` : ''}
  </fieldset>`;
}

/** What a visitor will see, without the storefront's styles: labels, marks, help and controls. */
function preview(fields: readonly FormField[]) {
  return html`<section aria-labelledby="preview-title"><h2 id="preview-title">Preview</h2>
    ${fields.map((field) =>
      field.type === 'hidden'
        ? ''
        : html`<p><strong>${field.label}${field.required ? ' *' : ''}</strong> <span class="muted">(${field.type}${field.options ? `: ${field.options.map((o) => o.label).join(', ')}` : ''})</span>${field.help ? html`<br /><span class="muted">${field.help}</span>` : ''}</p>`,
    )}
  </section>`;
}

interface BuilderValues {
  code: string;
  title: string;
  isActive: boolean;
  successMessage: string;
  notifyEmails: string;
  rows: FieldRow[];
}

const valuesOf = (form?: FormView): BuilderValues => ({
  code: form?.code ?? '',
  title: form?.title ?? '',
  isActive: form?.isActive ?? true,
  successMessage: form?.successMessage ?? 'Thank you. We will be in touch soon.',
  notifyEmails: (form?.notifyEmails ?? []).join(', '),
  rows: rowsOf(form?.fields ?? []),
});

function builder(c: Context<AdminEnv>, values: BuilderValues, existing: FormView | undefined, error?: string) {
  const action = existing ? `${adminBase}/forms/${existing.code}` : `${adminBase}/forms`;
  const body = html`<p><a href="${adminBase}/forms">All forms</a>${existing ? html` · <a href="${adminBase}/forms/${existing.code}/submissions">Submissions</a>` : ''}</p>
    <form method="post" action="${action}" class="form-builder">${csrfField(c.var.csrfToken)}
      <label for="form-code">${formLabels.code} (used in the CMS directive)</label>
      <input id="form-code" name="code" value="${values.code}" ${existing ? 'readonly' : ''} maxlength="64" required />
      <label for="form-title">${formLabels.title}</label> <input id="form-title" name="title" value="${values.title}" maxlength="200" required />
      <label><input type="checkbox" name="isActive" ${values.isActive ? 'checked' : ''} /> Active (shown on the storefront)</label>
      <label for="form-success">${formLabels.successMessage}</label> <textarea id="form-success" name="successMessage" rows="2">${values.successMessage}</textarea>
      <label for="form-notify">${formLabels.notifyEmails} (comma-separated)</label> <input id="form-notify" name="notifyEmails" value="${values.notifyEmails}" />
      <h2>Fields</h2>
      ${[...values.rows, blankRow].map(fieldRow)}
      <button type="submit">Save</button>
    </form>
    ${existing ? html`<p>Embed it in a CMS page with <code>{{block type="customforms/form" form_code="${existing.code}"}}</code>.</p>${preview(existing.fields)}` : ''}`;
  return renderPage(c, existing ? `Form “${existing.title}”` : 'New form', body, { error, status: error ? 400 : 200 });
}

/**
 * The builder's post in the shape formInput reads for the API's body: its widgets post their own
 * shapes, turned here into the schema's: the field rows as fieldRowsForm numbers them, the notify
 * addresses comma-separated.
 */
function builderForm(form: Record<string, string>): Record<string, string | string[]> {
  const shaped: Record<string, string | string[]> = {
    code: form.code ?? '',
    title: form.title ?? '',
    successMessage: form.successMessage ?? '',
    notifyEmails: (form.notifyEmails ?? '').split(',').map((email) => email.trim()),
  };
  if (form.isActive !== undefined) shaped.isActive = form.isActive;
  return { ...shaped, ...fieldRowsForm(form) };
}

/**
 * A refused field as the builder shows it: a row by its legend ("Field “Size”, Label", the rows
 * being those of the post, in the order the page shows them again), `notifyEmails.0` by its label.
 */
function builderFieldName(path: string, rows: readonly FieldRow[]): string {
  const row = /^fields\.(\d+)(?:\.(\w+))?/.exec(path);
  if (row) {
    const shown = rows[Number(row[1])];
    const legend = shown && (shown.label || shown.key) ? `Field “${shown.label || shown.key}”` : 'A new field';
    return row[2] ? `${legend}, ${builderLabels[row[2]] ?? row[2]}` : legend;
  }
  const [name = ''] = path.split('.');
  return builderLabels[name] ?? (name || 'The form');
}

/** The builder's post as the API's body, read and validated by its schema; a refusal names the field as the page does. */
function parsePosted(form: Record<string, string>) {
  const parsed = parseForm(FormBody, builderForm(form));
  if (parsed.data) return { ok: true as const, input: parsed.data };
  const [field, message] = Object.entries(parsed.errors)[0] ?? ['', 'Check the form.'];
  return { ok: false as const, error: `${builderFieldName(field, rowsFromForm(form))}: ${message}` };
}

/** What the admin posted, shown again beside the error (nothing they typed is lost). */
function postedValues(form: Record<string, string>): BuilderValues {
  return { code: form.code ?? '', title: form.title ?? '', isActive: form.isActive === 'on', successMessage: form.successMessage ?? '', notifyEmails: form.notifyEmails ?? '', rows: rowsFromForm(form) };
}

const button = (c: Context<AdminEnv>, action: string, label: string) => html`<form method="post" action="${action}" class="inline">${csrfField(c.var.csrfToken)}<button>${label}</button></form>`;

export const formsPages = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = requestedPage(c.req.query('page'));
    const { member, totalItems } = await listForms(contextOf(c), { search: q || undefined, page, itemsPerPage: gridPageSize });
    return renderPage(
      c,
      'Forms',
      html`<p><a href="${adminBase}/forms/new">Add a form</a> · <a href="${adminBase}/spam">Spam log</a> · <a href="${adminBase}/config">Configuration</a></p>
        <form method="get" role="search"><label>Search <input name="q" value="${q}" /></label> <button>Search</button></form>
        <div class="table-scroll"><table>
          <tr><th>Code</th><th>Title</th><th>Status</th><th>Fields</th><th></th></tr>
          ${member.map(
            (form) => html`<tr>
              <td><a href="${adminBase}/forms/${form.code}">${form.code}</a></td><td>${form.title}</td><td>${form.isActive ? 'Active' : 'Inactive'}</td><td>${form.fields.length}</td>
              <td><a href="${adminBase}/forms/${form.code}/submissions">Submissions</a> · <a href="${adminBase}/forms/${form.code}/delete">Delete</a></td>
            </tr>`,
          )}
        </table></div>
        ${pager(page, Math.ceil(totalItems / gridPageSize), { q })}`,
    );
  })
  .get('/new', (c) => builder(c, valuesOf(), undefined))
  .post('/', async (c) => {
    const form = await formFields(c);
    const posted = parsePosted(form);
    if (!posted.ok) return builder(c, postedValues(form), undefined, posted.error);
    try {
      const created = await createForm(contextOf(c), posted.input);
      return c.redirect(`${adminBase}/forms/${created.code}?flash=created`, 303);
    } catch (error) {
      if (error instanceof AppError && error.code === 'form_exists') return builder(c, postedValues(form), undefined, error.message);
      throw error;
    }
  })
  .get('/:code', async (c) => {
    const form = await getForm(contextOf(c), codeOf(c));
    return builder(c, valuesOf(form), form);
  })
  .post('/:code', async (c) => {
    const ctx = contextOf(c);
    const existing = await getForm(ctx, codeOf(c));
    const form = await formFields(c);
    const posted = parsePosted({ ...form, code: existing.code });
    if (!posted.ok) return builder(c, { ...postedValues(form), code: existing.code }, existing, posted.error);
    await updateForm(ctx, existing.code, posted.input);
    return c.redirect(`${adminBase}/forms/${existing.code}?flash=saved`, 303);
  })
  .get('/:code/delete', async (c) => {
    const form = await getForm(contextOf(c), codeOf(c));
    return renderPage(
      c,
      `Delete form “${form.title}”?`,
      html`<p>Its submissions and spam log go with it, and pages embedding it show no form after their next sync.</p>
        ${button(c, `${adminBase}/forms/${form.code}/delete`, 'Delete the form')} <a href="${adminBase}/forms">Keep it</a>`,
    );
  })
  .post('/:code/delete', async (c) => {
    await deleteForm(contextOf(c), codeOf(c));
    return c.redirect(`${adminBase}/forms?flash=deleted`, 303);
  });
