/**
 * Admin pages of a record kind the admin edits through a form (Content → CMS pages, Blog posts;
 * Catalog → Categories): a grid with search and page numbers, and one form to create and edit,
 * calling the same service as the admin REST API.
 * Validation errors show next to their field with everything typed kept; the form carries the
 * ETag it was loaded with, so saving over someone else's newer change is refused with a message
 * instead of overwriting it (the API's If-Match). Works without JavaScript.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../admin/admin-env.ts';
import { csrfField } from '../admin/layout.ts';
import { gridPageSize, pager, requestedPage } from '../admin/pager.ts';
import { formFields, renderPage } from '../admin/page.ts';
import { editorSnippets, snippetButtons } from '../admin/snippets.ts';
import type { EditorSnippet } from '../modules/define-module.ts';
import { AppError, refusedFields } from '../errors.ts';
import type { Db } from '../db/database.ts';
import type { AdminService } from './document-routes.ts';

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

/** A record's row in the grid, from the record as the API answers it. */
export interface GridRow {
  key: string;
  title: string;
  status: string;
}

export interface DocumentPagesSpec<Row extends { id: number }> {
  /** `/admin/cms-pages` */
  base: string;
  /** "CMS page" */
  noun: string;
  fields: FormField[];
  /** Create body and full-update body (a form sends every field). */
  input: z.ZodType;
  service: AdminService<Row>;
  /** The grid's columns: the record's key (identifier, path), its title and status. */
  gridRow(view: Record<string, unknown>): GridRow;
  /** Grid heading of the key column. */
  keyLabel: string;
}

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A form field's text as the API body wants it. */
function fromForm(field: FormField, raw: Record<string, string>): unknown {
  const value = raw[field.name] ?? '';
  switch (field.type) {
    case 'checkbox':
      return raw[field.name] !== undefined;
    case 'tags':
      return value.split(',').map((tag) => tag.trim()).filter(Boolean);
    case 'number':
      return value.trim() === '' ? undefined : Number(value);
    case 'select':
      return value === '' ? null : Number(value);
    case 'datetime':
      // `datetime-local` has no zone: the label says UTC.
      return value === '' ? undefined : /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) ? `${value}:00Z` : value;
    default:
      return value;
  }
}

/** A record's value (or what was typed, as a string) as the field's input shows it. */
function toForm(field: FormField, value: unknown): string {
  if (field.type === 'tags' && Array.isArray(value)) return value.join(', ');
  // Stored timestamps read "2026-11-26 09:00:00" (UTC); datetime-local wants "2026-11-26T09:00".
  if (field.type === 'datetime') return typeof value === 'string' ? value.replace(' ', 'T').slice(0, 16) : '';
  return value === undefined || value === null ? '' : String(value);
}

export function documentPages<Row extends { id: number }>(spec: DocumentPagesSpec<Row>) {
  const { base, noun, service } = spec;

  function control(field: FormField, value: unknown, error: string | undefined, choices: Array<{ value: number; label: string }> = [], snippets: readonly EditorSnippet[] = []) {
    const id = `field-${field.name}`;
    const described = `${id}-help`;
    const aria = html`aria-describedby="${described}" ${error ? html`aria-invalid="true"` : ''}`;
    const help = html`<span class="muted" id="${described}">${field.help ?? ''}</span>${error ? html` <strong class="error" role="alert">${error}</strong>` : ''}`;
    if (field.type === 'checkbox') {
      return html`<label><input type="checkbox" name="${field.name}" id="${id}" ${value === true || value === 'on' ? 'checked' : ''} ${aria} /> ${field.label}</label>${help}`;
    }
    const shown = toForm(field, value);
    if (field.type === 'textarea' || field.type === 'html') {
      const rich = field.type === 'html' ? html`data-rich-text` : '';
      return html`<label for="${id}">${field.label}</label><textarea name="${field.name}" id="${id}" rows="${field.type === 'html' ? 16 : 3}" ${rich} ${aria}>${shown}</textarea>${field.snippets ? snippetButtons(id, snippets) : ''}${help}`;
    }
    if (field.type === 'select') {
      return html`<label for="${id}">${field.label}</label><select name="${field.name}" id="${id}" ${aria}>
          <option value="">(none)</option>
          ${choices.map((choice) => html`<option value="${choice.value}" ${String(choice.value) === shown ? 'selected' : ''}>${choice.label}</option>`)}
        </select>${help}`;
    }
    const type = field.type === 'datetime' ? 'datetime-local' : field.type === 'number' ? 'number' : 'text';
    return html`<label for="${id}">${field.label}</label><input type="${type}" name="${field.name}" id="${id}" value="${shown}" ${aria} />${help}`;
  }

  async function form(c: Context<AdminEnv>, target: { row?: Row; etag?: string }, values: Record<string, unknown>, errors: Record<string, string> = {}, error?: string) {
    const action = target.row ? `${base}/${target.row.id}` : base;
    const heading = target.row ? `Edit ${noun}: ${spec.gridRow(service.view(target.row)).key}` : `New ${noun}`;
    const [choices, snippets] = await Promise.all([Promise.all(spec.fields.map((field) => field.options?.(c.var.db) ?? [])), spec.fields.some((field) => field.snippets) ? editorSnippets(c) : []]);
    return renderPage(
      c,
      heading,
      html`<form method="post" action="${action}" class="document-form" data-unsaved-warning>
          ${csrfField(c.var.csrfToken)} ${target.etag ? html`<input type="hidden" name="_etag" value="${target.etag}" />` : ''}
          ${spec.fields.map((field, index) => html`<div class="field">${control(field, values[field.name], errors[field.name], choices[index], snippets)}</div>`)}
          <button type="submit">Save</button> <a href="${base}">Cancel</a>
        </form>
        ${target.row
          ? html`<form method="post" action="${base}/${target.row.id}/delete">
              ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${target.etag ?? ''}" />
              <button type="submit" class="danger">Delete this ${noun}</button>
            </form>`
          : ''}`,
      { error, status: error || Object.keys(errors).length > 0 ? 400 : 200, storefrontSync: true },
    );
  }

  /** Validates the posted form; on failure the form again with the messages by their fields. */
  function parse(raw: Record<string, string>): { data: unknown } | { data?: undefined; errors: Record<string, string> } {
    const body = Object.fromEntries(spec.fields.map((field) => [field.name, fromForm(field, raw)]).filter(([, value]) => value !== undefined));
    const parsed = spec.input.safeParse(body);
    if (parsed.success) return { data: parsed.data };
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
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

  return new Hono<AdminEnv>()
    .get('/', async (c) => {
      const q = (c.req.query('q') ?? '').trim().slice(0, 100);
      const page = requestedPage(c.req.query('page'));
      const { member, totalItems } = await service.list(c.var.db, { search: q || undefined }, { page, itemsPerPage: gridPageSize });
      const pages = Math.max(1, Math.ceil(totalItems / gridPageSize));
      return renderPage(
        c,
        `${noun[0]!.toUpperCase()}${noun.slice(1)}s`,
        html`<p><a href="${base}/new">New ${noun}</a></p>
          <form method="get"><input name="q" value="${q}" placeholder="Search" aria-label="Search ${noun}s" /> <button>Search</button></form>
          <p class="muted">${totalItems} ${noun}s · page ${page} of ${pages}</p>
          <table>
            <tr><th>${spec.keyLabel}</th><th>Title</th><th>Status</th><th>Updated</th></tr>
            ${member.map((view) => {
              const row = spec.gridRow(view);
              return html`<tr><td><a href="${base}/${view.id}">${row.key}</a></td><td>${row.title}</td><td>${row.status}</td><td>${view.updatedAt}</td></tr>`;
            })}
          </table>
          ${pager(page, pages, { q })}`,
        { storefrontSync: true },
      );
    })
    .get('/new', (c) => form(c, {}, {}))
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
    .post('/:id/delete', async (c) => {
      const id = Id.safeParse(c.req.param('id'));
      if (!id.success) return c.notFound();
      const raw = await formFields(c);
      const row = await service.get(c.var.db, id.data).catch(() => null);
      if (!row) return c.notFound();
      try {
        await service.remove(ctx(c), id.data, raw._etag || undefined);
      } catch (error) {
        // Changed since loaded: the current version, to look at before deleting it.
        return form(c, { row, etag: service.etag(row) }, service.view(row), {}, refusal(error).message);
      }
      return c.redirect(`${base}?flash=deleted`, 303);
    });
}
