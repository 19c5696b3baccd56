import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { kindOf, metaOf, secretMask } from '../modules/config-fields.ts';
import { saveModuleConfig } from '../modules/config-routes.ts';
import { actorOf } from '../modules/context.ts';
import type { AnyModule } from '../modules/define-module.ts';
import type { AdminEnv } from './admin-env.ts';
import { categoryTreePicker, pickerOptions } from './config-pickers.ts';
import { formInput } from './form-input.ts';
import { csrfField } from './layout.ts';
import { configReachesGuests } from '../modules/guest-view-change.ts';
import { renderPage } from './page.ts';
import { adminStoreViews } from './store-views.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
const humanise = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());

interface RenderState {
  db: Db;
  errorField?: string;
  errorMessage?: string;
}

async function control(schema: z.ZodType, path: string[], value: unknown, state: RenderState): Promise<Html> {
  const name = path.join('.');
  const meta = metaOf(schema);
  const kind = kindOf(schema);
  const label = meta.label ?? humanise(path.at(-1) ?? '');
  const invalid = state.errorField === name;
  const describedBy = `${name}-help`;
  const help = html`<span class="muted" id="${describedBy}">${meta.help ?? ''}</span>${invalid ? html` <strong class="error" role="alert">${state.errorMessage}</strong>` : ''}`;
  const aria = html`aria-describedby="${describedBy}" ${invalid ? html`aria-invalid="true"` : ''}`;
  switch (kind.kind) {
    case 'object': {
      const children = await Promise.all(Object.entries(kind.shape).map(([key, child]) => control(child, [...path, key], (value as Record<string, unknown> | undefined)?.[key], state)));
      return path.length === 0 ? html`${children}` : html`<fieldset><legend>${label}</legend>${children}</fieldset>`;
    }
    case 'boolean':
      // The hidden "false" goes first: a checked box sends "true" after it, and the last value wins.
      return html`<label><input type="hidden" name="${name}" value="false" /><input type="checkbox" name="${name}" value="true" ${value ? 'checked' : ''} style="min-width:0" ${aria} /> ${label}</label>${help}`;
    case 'enum':
      return html`<label>${label} <select name="${name}" ${aria}>${kind.options.map((o) => html`<option ${o === value ? 'selected' : ''}>${o}</option>`)}</select></label>${help}`;
    case 'number':
      if (meta.picker) {
        // One record by id (e.g. the customer group an approved applicant joins).
        const options = await pickerOptions(state.db, meta.picker);
        return html`<label>${label} <select name="${name}" ${aria}>${options.map((o) => html`<option value="${o.value}" ${o.value === String(value) ? 'selected' : ''}>${o.label}</option>`)}</select></label>${help}`;
      }
      return html`<label>${label} <input type="number" name="${name}" value="${value ?? ''}" step="${kind.integer ? '1' : 'any'}" ${aria} /></label>${help}`;
    case 'list': {
      const values = Array.isArray(value) ? value.map(String) : [];
      if (meta.picker === 'categories') {
        return html`<fieldset><legend>${label}</legend>${await categoryTreePicker(state.db, name, values, aria)}${help}<input type="hidden" name="${name}" value="" /></fieldset>`;
      }
      if (meta.picker) {
        const options = await pickerOptions(state.db, meta.picker);
        return html`<label>${label} <select multiple name="${name}" size="${Math.min(8, Math.max(3, options.length))}" ${aria}>
            ${options.map((o) => html`<option value="${o.value}" ${values.includes(o.value) ? 'selected' : ''}>${o.label}</option>`)}
          </select></label>${help}<input type="hidden" name="${name}" value="" />`;
      }
      return html`<label>${label} <textarea name="${name}" rows="3" ${aria}>${values.join('\n')}</textarea></label><span class="muted">One per line.</span> ${help}`;
    }
    case 'record': {
      if (meta.perStore) {
        // One input per store view, named "<field>.<store code>"; a blank one falls back to the default.
        const texts = (value ?? {}) as Record<string, unknown>;
        const inputs = (await adminStoreViews(state.db)).map(
          (store) => html`<label>${store.name} (${store.code}) <input name="${name}.${store.code}" value="${String(texts[store.code] ?? '')}" autocomplete="off" ${aria} /></label>`,
        );
        return html`<fieldset><legend>${label}</legend>${inputs}<span class="muted">Blank: the default message.</span> ${help}</fieldset>`;
      }
      return html`<label>${label} <textarea name="${name}" rows="3" ${aria}>${JSON.stringify(value ?? {}, null, 2)}</textarea></label><span class="muted">JSON object.</span> ${help}`;
    }
    case 'text': {
      if (meta.secret) {
        const set = value === secretMask;
        return html`<label>${label} <input type="password" name="${name}" value="${set ? secretMask : ''}" autocomplete="off" ${aria} /></label><span class="muted">${set ? 'Set; leave as is to keep it, empty it to remove it.' : 'Not set.'}</span> ${help}`;
      }
      if (meta.picker) {
        const prefix = meta.valuePrefix ?? '';
        const records = (await pickerOptions(state.db, meta.picker)).map((o) => ({ value: prefix + o.value, label: o.label }));
        const options = [...(meta.choices ?? [{ value: '', label: '(none)' }]), ...records];
        return html`<label>${label} <select name="${name}" ${aria}>${options.map((o) => html`<option value="${o.value}" ${o.value === value ? 'selected' : ''}>${o.label}</option>`)}</select></label>${help}`;
      }
      if (meta.multiline) return html`<label>${label} <textarea name="${name}" rows="4" ${aria}>${value ?? ''}</textarea></label>${help}`;
      return html`<label>${label} <input name="${name}" value="${value ?? ''}" autocomplete="off" ${aria} /></label>${help}`;
    }
  }
}

/**
 * The posted form in the shape formInput reads, for the widgets of this form that post their own: a
 * list typed one per line (or comma-separated) becomes one value per item, a per-store text is
 * trimmed (formInput leaves a blank one out: that store falls back to the default), and a record
 * typed as JSON is parsed here (text that is no JSON is kept for the schema to refuse with its message).
 */
function configFormInput(schema: z.ZodType, posted: Record<string, string | string[]>): unknown {
  const form = { ...posted };
  const typed: Array<[string[], unknown]> = [];
  const visit = (field: z.ZodType, path: string[]) => {
    const kind = kindOf(field);
    const name = path.join('.');
    const last = ([] as string[]).concat(form[name] ?? []).at(-1);
    if (kind.kind === 'object') for (const [key, child] of Object.entries(kind.shape)) visit(child, [...path, key]);
    else if (kind.kind === 'list' && !metaOf(field).picker && last !== undefined) form[name] = last.split(/[\n,]/).map((item) => item.trim());
    else if (kind.kind === 'record' && metaOf(field).perStore) {
      for (const key of Object.keys(form)) if (key.startsWith(`${name}.`)) form[key] = ([] as string[]).concat(form[key]!).map((text) => text.trim());
    } else if (kind.kind === 'record' && last !== undefined) typed.push([path, jsonOrText(last || '{}')]);
  };
  visit(schema, []);
  const input = formInput(schema, form, { merge: true }) as Record<string, unknown>;
  for (const [path, value] of typed) {
    const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => (node[key] ??= {}) as Record<string, unknown>, input);
    parent[path.at(-1)!] = value;
  }
  return input;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The configuration page generated from a module's schema (/admin/<id>/config): the same service as
 * the API, so it validates alike and shows the API's message beside the field it names.
 */
export function configPage(module: AnyModule) {
  const schema = module.config;
  if (!schema) throw new Error(`Module ${module.id} has no configuration.`);
  const render = async (c: Context<AdminEnv>, value: unknown, error?: AppError) => {
    const field = (error?.details as { field?: string } | undefined)?.field;
    const body = await control(schema, [], value, { db: c.var.db, errorField: field, errorMessage: error?.message });
    return renderPage(
      c,
      `${module.title}: configuration`,
      html`<form method="post" action="/admin/${module.id}/config">${csrfField(c.var.csrfToken)}${body}<button type="submit">Save</button></form>`,
      { error: error?.message, status: error ? 400 : 200, storefrontSync: configReachesGuests(module) },
    );
  };
  return new Hono<AdminEnv>()
    .get('/', async (c) => render(c, await c.var.modules.configs.view(c.var.db, module.id)))
    .post('/', async (c) => {
      const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const patch = configFormInput(schema, form);
      try {
        await saveModuleConfig(c.var.modules, module, patch, { actor: actorOf(c) });
      } catch (error) {
        if (error instanceof AppError && (error.kind === 'invalid' || error.kind === 'unavailable')) return render(c, patch, error);
        throw error;
      }
      return c.redirect(`/admin/${module.id}/config?flash=saved`, 303);
    });
}
