/**
 * Admin pages of a record kind the admin edits through a form (Content → CMS pages, Blog posts;
 * Catalog → Categories): the grid (document-grid.ts), one form to create and edit, and for kinds
 * that have one the preview (document-preview.ts), calling the same service as the admin REST API.
 * Validation errors show next to their field with everything typed kept; the form carries the
 * ETag it was loaded with, so saving over someone else's newer change is refused with a message
 * instead of overwriting it (the API's If-Match). Works without JavaScript.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { z } from 'zod';
import type { AdminEnv } from '../admin/admin-env.ts';
import { csrfField } from '../admin/layout.ts';
import { checkboxField, numberField, selectField, textareaField, textField } from '../admin/fields.ts';
import { formErrors, formInput } from '../admin/form-input.ts';
import { formFields, renderPage } from '../admin/page.ts';
import { otherStoreViews } from '../admin/store-views.ts';
import { editorSnippets, snippetButtons } from '../admin/snippets.ts';
import type { EditorSnippet } from '../modules/define-module.ts';
import { AppError, refusedFields } from '../errors.ts';
import type { Db } from '../db/database.ts';
import { documentGrid, type DocumentGridSpec } from './document-grid.ts';
import { previewResponse, type PreviewContent } from './document-preview.ts';

type FieldType = 'text' | 'textarea' | 'html' | 'checkbox' | 'datetime' | 'tags' | 'number' | 'select';

export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  help?: string;
  /** A select's choices (read per page view: a category's parent picker lists the categories). The blank choice is null. */
  options?: (db: Db) => Promise<Array<{ value: number; label: string }>>;
  /** An html field whose content the storefront expands: it offers the modules' snippets (a form's directive). */
  snippets?: boolean;
}

/** What a failed post of an edit page's own section left: its messages by field and the text typed, shown in that section. */
export interface SectionState {
  errors: Record<string, string>;
  values: Record<string, string>;
  /** On top of the page, which is long: where to look. */
  message: string;
}

/** A saved record's edit page again, with a section's failed post shown in it (400); 404 when there is no such record. */
export type EditPage = (c: Context<AdminEnv>, id: number, state: SectionState) => Promise<Response>;

/**
 * Parts of a saved record's edit page outside its form, each with forms of its own (a category's
 * image: a multipart upload acting at once, which the record's form, saved as a whole, cannot carry).
 * Not on the new page: they act on a saved record.
 */
export interface ExtraSections<Row> {
  /** The sections, after the record's form; `failed` when the page answers one of their posts. */
  render(c: Context<AdminEnv>, row: Row, failed?: SectionState): HtmlEscapedString | Promise<HtmlEscapedString>;
  /** The routes their forms post to, under `base`; `editPage` answers a refused post with the refusal in its section. */
  routes(editPage: EditPage): Hono<AdminEnv>;
}

/**
 * What a kind's Delete form asks beyond its button (a category: which category takes its products):
 * the controls, and the schema of what they post, the one the API's delete query has. The parsed
 * options go to `service.remove`; an empty control is left out (the service's default).
 */
export interface DeleteOptions<Row> {
  query: z.ZodType;
  /** The controls inside the Delete form; `failed` when the page answers a refused delete. */
  render(c: Context<AdminEnv>, row: Row, failed?: SectionState): HtmlEscapedString | Promise<HtmlEscapedString>;
}

export interface DocumentPagesSpec<Row extends { id: number }> extends DocumentGridSpec<Row> {
  /** `/admin/cms-pages` */
  base: string;
  /** "CMS page" */
  noun: string;
  fields: FormField[];
  /** Create body and full-update body (a form sends every field). */
  input: z.ZodType;
  /**
   * Fields each other store view may have its own of (the API's `storeOverrides.{code}`): a section
   * per view, named `store:{code}:{field}`; an empty one inherits the record's.
   */
  storeFields?: FormField[];
  /** What the preview shows of a record (its API view, or the form's fields as typed); no preview without it. */
  preview?(values: Record<string, unknown>): PreviewContent;
  /** Sections of the edit page beyond the form (a category's image); CMS pages and blog posts have none. */
  extraSections?: ExtraSections<Row>;
  deleteOptions?: DeleteOptions<Row>;
}

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * What a widget posts in its own shape, put in the schema's (formInput reads the rest): tags are one
 * comma-separated text; `datetime-local` has no zone, and the label says UTC.
 */
function widgetValue(field: FormField, value: string): string | string[] {
  if (field.type === 'tags') return value.split(',').map((tag) => tag.trim()).filter(Boolean);
  if (field.type === 'datetime' && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value)) return `${value}:00Z`;
  return value;
}

/** A record's value (or what was typed, as a string) as the field's input shows it. */
function toForm(field: FormField, value: unknown): string {
  if (field.type === 'tags' && Array.isArray(value)) return value.join(', ');
  // Stored timestamps read "2026-11-26 09:00:00" (UTC); datetime-local wants "2026-11-26T09:00".
  if (field.type === 'datetime') return typeof value === 'string' ? value.replace(' ', 'T').slice(0, 16) : '';
  return value === undefined || value === null ? '' : String(value);
}

const storeKey = (code: string, field: string) => `store:${code}:${field}`;

export function documentPages<Row extends { id: number }>(spec: DocumentPagesSpec<Row>) {
  const { base, noun, service } = spec;

  /** The store views' sections: the record's own texts there, or what was typed. */
  async function storeSections(db: Db, values: Record<string, unknown>, errors: Record<string, string>) {
    if (!spec.storeFields) return '';
    const views = await otherStoreViews(db);
    const saved = (values.storeOverrides ?? {}) as Record<string, Record<string, unknown>>;
    return views.map(
      // A section, not a fieldset: a fieldset is at least as wide as its content (the editor's toolbar), wider than a phone.
      (view) => html`<section aria-labelledby="store-${view.code}">
        <h2 id="store-${view.code}">Store view: ${view.name} (${view.code})</h2>
        <p class="muted">Empty fields show the ${noun}'s own.</p>
        ${spec.storeFields!.map((field) => {
          const key = storeKey(view.code, field.name);
          return html`<div class="field">${control({ ...field, name: key }, values[key] ?? saved[view.code]?.[field.name], errors[key])}</div>`;
        })}
      </section>`,
    );
  }

  /** A field's control from the kit (admin/fields.ts), showing the record's value or what was typed, and its error. */
  function control(field: FormField, value: unknown, error: string | undefined, choices: Array<{ value: number; label: string }> = [], snippets: readonly EditorSnippet[] = []) {
    const common = { name: field.name, id: `field-${field.name}`, label: field.label, help: field.help, error };
    if (field.type === 'checkbox') return checkboxField({ ...common, checked: value === true || value === 'on' });
    const shown = toForm(field, value);
    if (field.type === 'textarea' || field.type === 'html') {
      const rich = field.type === 'html';
      return textareaField({ ...common, value: shown, rows: rich ? 16 : 3, richText: rich, after: field.snippets ? snippetButtons(common.id, snippets) : undefined });
    }
    if (field.type === 'select') return selectField({ ...common, value: shown, choices, blank: '(none)' });
    if (field.type === 'number') return numberField({ ...common, value: shown });
    return textField({ ...common, value: shown, type: field.type === 'datetime' ? 'datetime-local' : 'text' });
  }

  async function form(c: Context<AdminEnv>, target: { row?: Row; etag?: string; section?: SectionState; deletion?: SectionState }, values: Record<string, unknown>, errors: Record<string, string> = {}, error?: string) {
    const action = target.row ? `${base}/${target.row.id}` : base;
    const heading = target.row ? `Edit ${noun}: ${spec.gridRow(service.view(target.row)).key}` : `New ${noun}`;
    const [choices, snippets] = await Promise.all([Promise.all(spec.fields.map((field) => field.options?.(c.var.db) ?? [])), spec.fields.some((field) => field.snippets) ? editorSnippets(c) : []]);
    return renderPage(
      c,
      heading,
      html`<form method="post" action="${action}" class="document-form" data-unsaved-warning>
          ${csrfField(c.var.csrfToken)} ${target.etag ? html`<input type="hidden" name="_etag" value="${target.etag}" />` : ''}
          ${spec.fields.map((field, index) => html`<div class="field">${control(field, values[field.name], errors[field.name], choices[index], snippets)}</div>`)}
          ${await storeSections(c.var.db, values, errors)}
          <button type="submit">Save</button>
          ${spec.preview
            ? html`<button type="submit" formaction="${action}/preview" formtarget="_blank">Preview</button>
                ${target.row ? html`<a href="${base}/${target.row.id}/preview" target="_blank" rel="noopener">Preview as saved</a> ·` : ''}`
            : ''}
          <a href="${base}">Cancel</a>
        </form>
        ${target.row && spec.extraSections ? await spec.extraSections.render(c, target.row, target.section) : ''}
        ${target.row
          ? html`<form method="post" action="${base}/${target.row.id}/delete">
              ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${target.etag ?? ''}" />
              ${spec.deleteOptions ? await spec.deleteOptions.render(c, target.row, target.deletion) : ''}
              <button type="submit" class="danger">Delete this ${noun}</button>
            </form>`
          : ''}`,
      { error, status: error || Object.keys(errors).length > 0 ? 400 : 200, storefrontSync: true },
    );
  }

  /**
   * Validates the posted form with the API's schema (formInput); on failure the form again with the
   * messages by their fields. A store view's field `store:{code}:{name}` is the API's `storeOverrides.{code}.{name}`.
   */
  function parse(raw: Record<string, string>): { data: unknown } | { data?: undefined; errors: Record<string, string> } {
    const posted: Record<string, string | string[]> = {};
    // A browser posts every text field, if blank; only an unticked checkbox posts nothing.
    for (const field of spec.fields) if (field.type !== 'checkbox' || raw[field.name] !== undefined) posted[field.name] = widgetValue(field, raw[field.name] ?? '');
    for (const [key, value] of Object.entries(raw)) {
      const [prefix, code, name] = key.split(':');
      const field = spec.storeFields?.find((candidate) => candidate.name === name);
      if (prefix === 'store' && code && field) posted[`storeOverrides.${code}.${field.name}`] = widgetValue(field, value);
    }
    // The form's own fields only: one the form does not draw keeps the API's default (a checkbox formInput would read as unticked).
    const read = formInput(spec.input, posted) as Record<string, unknown>;
    const body = Object.fromEntries(Object.entries(read).filter(([key]) => key === 'storeOverrides' || spec.fields.some((field) => field.name === key)));
    // A form with store sections always sends them: none filled in is no view's own text.
    if (spec.storeFields) body.storeOverrides ??= {};
    const parsed = spec.input.safeParse(body);
    if (parsed.success) return { data: parsed.data };
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(formErrors(parsed.error))) {
      const [name, code, field] = path.split('.');
      errors[name === 'storeOverrides' && code && field ? storeKey(code, field) : name!] ??= message;
    }
    return { errors };
  }

  /**
   * The service's refusals as the form shows them: by their field when they name one (a taken
   * identifier or path, a parent that cannot be), else on top (a stale version, subcategories left).
   */
  function refusal(error: unknown): { errors?: Record<string, string>; message?: string } {
    if (!(error instanceof AppError) || !['invalid', 'conflict', 'precondition_failed'].includes(error.kind)) throw error;
    const errors = refusedFields(error);
    if (Object.keys(errors).length > 0) return { errors };
    if (error.code === 'stale_version') return { message: `${error.message} Your text is below; copy what you need before reloading.` };
    return { message: error.message };
  }

  const ctx = (c: Context<AdminEnv>) => ({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin });

  /** The preview of the form as typed (`id`: the record it edits, for the way back). */
  async function typedPreview(c: Context<AdminEnv>, id?: number) {
    const raw = await formFields(c);
    if ((raw.content ?? '').length > 500_000) return c.text('The content is too long to preview (500,000 characters at most).', 400);
    return previewResponse(c, spec.preview!(raw), { saved: false, editor: id ? `${base}/${id}` : `${base}/new` });
  }

  const editPage: EditPage = async (c, id, state) => {
    const row = await service.get(c.var.db, id).catch(() => null);
    return row ? form(c, { row, etag: service.etag(row), section: state }, service.view(row), {}, state.message) : c.notFound();
  };

  return new Hono<AdminEnv>()
    // The sections' own routes (a category's `/{id}/image`), none of which the record's `/{id}…` ones match.
    .route('/', spec.extraSections?.routes(editPage) ?? new Hono<AdminEnv>())
    .route('/', documentGrid(spec))
    .get('/new', (c) => form(c, {}, {}))
    // Before /:id, which would take "preview" for an id.
    .post('/preview', (c) => (spec.preview ? typedPreview(c) : c.notFound()))
    .post('/', async (c) => {
      const raw = await formFields(c);
      const parsed = parse(raw);
      if ('errors' in parsed) return form(c, {}, raw, parsed.errors);
      try {
        const row = await service.create(ctx(c), parsed.data as never);
        return c.redirect(`${base}/${row.id}?flash=created`, 303);
      } catch (error) {
        const refused = refusal(error);
        return form(c, {}, raw, refused.errors, refused.message);
      }
    })
    .get('/:id', async (c) => {
      const id = Id.safeParse(c.req.param('id'));
      if (!id.success) return c.notFound();
      const row = await service.get(c.var.db, id.data).catch(() => null);
      return row ? form(c, { row, etag: service.etag(row) }, service.view(row)) : c.notFound();
    })
    .post('/:id', async (c) => {
      const id = Id.safeParse(c.req.param('id'));
      if (!id.success) return c.notFound();
      const row = await service.get(c.var.db, id.data).catch(() => null);
      if (!row) return c.notFound();
      const raw = await formFields(c);
      const parsed = parse(raw);
      if ('errors' in parsed) return form(c, { row, etag: raw._etag }, raw, parsed.errors);
      try {
        await service.update(ctx(c), row.id, parsed.data as never, raw._etag || undefined);
        return c.redirect(`${base}/${row.id}?flash=saved`, 303);
      } catch (error) {
        const refused = refusal(error);
        return form(c, { row, etag: raw._etag }, raw, refused.errors, refused.message);
      }
    })
    .get('/:id/preview', async (c) => {
      const id = Id.safeParse(c.req.param('id'));
      if (!id.success || !spec.preview) return c.notFound();
      const row = await service.get(c.var.db, id.data).catch(() => null);
      return row ? previewResponse(c, spec.preview(service.view(row)), { saved: true, editor: `${base}/${row.id}` }) : c.notFound();
    })
    .post('/:id/preview', (c) => {
      const id = Id.safeParse(c.req.param('id'));
      return id.success && spec.preview ? typedPreview(c, id.data) : c.notFound();
    })
    .post('/:id/delete', async (c) => {
      const id = Id.safeParse(c.req.param('id'));
      if (!id.success) return c.notFound();
      const raw = await formFields(c);
      const row = await service.get(c.var.db, id.data).catch(() => null);
      if (!row) return c.notFound();
      // Refused: the current version (changed since loaded, to look at before deleting it), the choices kept and faulted in the Delete form.
      const refuse = (errors: Record<string, string>, message: string) => form(c, { row, etag: service.etag(row), deletion: { errors, values: raw, message } }, service.view(row), {}, message);
      const notDeleted = `The ${noun} was not deleted: see the Delete form at the bottom.`;
      let options: unknown;
      if (spec.deleteOptions) {
        const parsed = spec.deleteOptions.query.safeParse(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '')));
        if (!parsed.success) return refuse(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])), notDeleted);
        options = parsed.data;
      }
      try {
        await service.remove(ctx(c), id.data, raw._etag || undefined, options as never);
      } catch (error) {
        const refused = refusal(error);
        return refuse(refused.errors ?? {}, refused.message ?? notDeleted);
      }
      return c.redirect(`${base}?flash=deleted`, 303);
    });
}
