/**
 * A bundle's options as forms show them, for New product and the section of a bundle's page: a
 * fieldset per option (title, input type, required or optional, and its products as lines "SKU",
 * then a quantity if more than one, and "*" for the one chosen by default: "TENT-2 2 *"), one more
 * empty fieldset to add an option; an option left with no title and no products is dropped. On a
 * bundle's page each option carries its id, and a line naming a product the option already offers
 * keeps that selection's id, so carts holding it keep their lines (product-types/bundle/options.ts). On the
 * page they are a part of the product's one form, saved with the rest by its one Save
 * (products/admin/page-save.ts) with the page's version; errors show by the option's field, with
 * everything typed kept.
 */
import { inArray } from 'drizzle-orm';
import { html } from 'hono/html';
import type { Db } from '../../../../platform/db/database.ts';
import { products } from '../../../../platform/db/schema/index.ts';
import { productEtag, type AdminProduct } from '../../products/service.ts';
import type { AdminBundleOption } from './options.ts';
import type { Typed } from '../../products/admin/content-form.ts';

/** What the section shows: the saved options, or what the editor typed before an error. */
export interface BundleFormState {
  typed: Typed;
  etag: string;
  errors: Record<string, string>;
  error?: string;
}

/** The options typed, as the API takes them, with where each came from to put errors back by their field. */
export interface TypedBundle {
  options: unknown[];
  /** The fieldset each sent option was typed in. */
  blocks: number[];
  /** Each sent option's lines' SKUs, to name a refused line. */
  skus: string[][];
}

const maxOptions = 20;
const inputTypes = { select: 'Drop-down (one)', radio: 'Radio buttons (one)', checkbox: 'Checkboxes (any)', multi: 'Multiple select (any)' } as const;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
const key = (block: number, name: string) => `bundle.${block}.${name}`;

/** How many fieldsets to show: each typed one, and at least `minimum`. */
function blockCount(typed: Typed, minimum: number): number {
  const typedBlocks = Object.keys(typed).flatMap((name) => /^bundle\.(\d+)\./.exec(name)?.[1] ?? []).map(Number);
  return Math.min(maxOptions, Math.max(minimum, ...typedBlocks.map((block) => block + 1)));
}

/** One line: "SKU", a quantity if more than one, "*" for the default; or what is wrong with it. */
function lineOf(words: string[]): { sku: string; qty: number; isDefault: boolean } | string {
  const [sku, ...rest] = words as [string, ...string[]];
  const qty = rest.filter((word) => word !== '*');
  if (qty.length > 1 || rest.filter((word) => word === '*').length > 1 || (qty[0] !== undefined && !/^\d{1,5}$/.test(qty[0]))) {
    return `${sku}: write the SKU, then a quantity if more than one, and * for the default (e.g. "${sku} 2 *").`;
  }
  return { sku, qty: qty[0] === undefined ? 1 : Number(qty[0]), isDefault: rest.includes('*') };
}

/**
 * The typed fieldsets as the API's options (`saved`: the bundle's options, whose ids the typed ones
 * keep), or the errors by field when a line cannot be read or names no product.
 */
export async function typedBundle(db: Db, typed: Typed, saved: readonly AdminBundleOption[] = []): Promise<TypedBundle | { errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const result: TypedBundle = { options: [], blocks: [], skus: [] };
  const parsedBlocks = [];
  for (let block = 0; block < blockCount(typed, 0); block++) {
    const title = first(typed[key(block, 'title')]);
    const text = first(typed[key(block, 'selections')]);
    if (title.trim() === '' && text.trim() === '') continue;
    const lines = text.split(/\r?\n/).map((line) => line.trim().split(/\s+/)).filter((words) => words[0]).map(lineOf);
    const bad = lines.find((line) => typeof line === 'string');
    if (bad) errors[key(block, 'selections')] = bad;
    parsedBlocks.push({ block, title, lines: lines.filter((line) => typeof line !== 'string') });
  }
  const skus = [...new Set(parsedBlocks.flatMap((each) => each.lines.map((line) => line.sku)))];
  const rows = skus.length === 0 ? [] : await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, skus));
  for (const { block, title, lines } of parsedBlocks) {
    const unknown = lines.filter((line) => !rows.some((row) => row.sku === line.sku)).map((line) => line.sku);
    if (unknown.length > 0) errors[key(block, 'selections')] ??= `No product has the SKU ${unknown.join(', ')}.`;
    if (errors[key(block, 'selections')]) continue;
    const idText = first(typed[key(block, 'id')]);
    const id = idText === '' ? undefined : Number(idText);
    const kept = saved.find((option) => option.id === id);
    result.blocks.push(block);
    result.skus.push(lines.map((line) => line.sku));
    result.options.push({
      ...(id === undefined ? {} : { id }),
      title,
      type: first(typed[key(block, 'type')]) || 'select',
      required: first(typed[key(block, 'required')]) !== '0',
      selections: lines.map((line) => {
        const productId = rows.find((row) => row.sku === line.sku)!.id;
        const selection = kept?.selections.find((each) => each.productId === productId);
        return { ...(selection ? { id: selection.id } : {}), productId, defaultQty: line.qty, isDefault: line.isDefault };
      }),
    });
  }
  return Object.keys(errors).length > 0 ? { errors } : result;
}

/**
 * The form field an API path (`bundleOptions.1.selections.0.productId`) was typed in, and its message
 * naming the line's SKU; undefined for paths outside the options.
 */
export function bundleField(bundle: TypedBundle, path: readonly PropertyKey[], message: string): [string, string] | undefined {
  const [head, index, part, line] = path.map(String);
  if (head !== 'bundleOptions') return undefined;
  const block = index === undefined ? undefined : bundle.blocks[Number(index)];
  if (block === undefined) return ['bundleOptions', message];
  if (part === 'type') return [key(block, 'type'), message];
  if (part !== 'selections') return [key(block, 'title'), message];
  const sku = line === undefined ? undefined : bundle.skus[Number(index)]?.[Number(line)];
  return [key(block, 'selections'), sku ? `${sku}: ${message}` : message];
}

/** The saved options in the fieldsets' shape. */
export function savedBundle(product: AdminProduct): BundleFormState {
  const typed: Typed = {};
  for (const [block, option] of (product.bundleOptions ?? []).entries()) {
    typed[key(block, 'id')] = String(option.id);
    typed[key(block, 'title')] = option.title;
    typed[key(block, 'type')] = option.type;
    typed[key(block, 'required')] = option.required ? '1' : '0';
    typed[key(block, 'selections')] = option.selections.map((selection) => [selection.sku, ...(selection.defaultQty > 1 ? [String(selection.defaultQty)] : []), ...(selection.isDefault ? ['*'] : [])].join(' ')).join('\n');
  }
  return { typed, etag: productEtag(product), errors: {} };
}

/** The options' fieldsets (`minimum`: how many at least, the empty ones to add options in). */
export function bundleFieldsets(typed: Typed, errors: Record<string, string>, minimum: number) {
  const problem = (name: string) => (errors[name] ? html`<strong class="error" id="${name.replaceAll('.', '-')}-error" role="alert">${errors[name]}</strong>` : '');
  const described = (name: string) => (errors[name] ? html`aria-invalid="true" aria-describedby="${name.replaceAll('.', '-')}-error"` : '');
  return html`${problem('bundleOptions')}
    ${Array.from({ length: blockCount(typed, minimum) }, (_, block) => {
      const type = first(typed[key(block, 'type')]) || 'select';
      const required = first(typed[key(block, 'required')]) !== '0';
      const id = first(typed[key(block, 'id')]);
      return html`<fieldset class="bundle-option"><legend>Option ${block + 1}</legend>
        ${id ? html`<input type="hidden" name="${key(block, 'id')}" value="${id}" />` : ''}
        <label>Title <input name="${key(block, 'title')}" value="${first(typed[key(block, 'title')])}" ${described(key(block, 'title'))} maxlength="255" /></label>${problem(key(block, 'title'))}
        <label>Shoppers choose with <select name="${key(block, 'type')}" ${described(key(block, 'type'))}>
          ${Object.entries(inputTypes).map(([value, label]) => html`<option value="${value}" ${type === value ? 'selected' : ''}>${label}</option>`)}
        </select></label>${problem(key(block, 'type'))}
        <label>Required or optional <select name="${key(block, 'required')}">
          <option value="1" ${required ? 'selected' : ''}>Required</option><option value="0" ${required ? '' : 'selected'}>Optional</option>
        </select></label>
        <label for="${`bundle-${block}-selections`}">Products (simple or virtual), one SKU a line, then a quantity if more than one and * for the one chosen by default (e.g. "TENT-2 2 *")</label>
        <textarea name="${key(block, 'selections')}" id="${`bundle-${block}-selections`}" rows="4" ${described(key(block, 'selections'))}>${first(typed[key(block, 'selections')])}</textarea>${problem(key(block, 'selections'))}
      </fieldset>`;
    })}`;
}

/** A bundle's page section: its options, saved together with the version the page was loaded at. */
export function bundleSection(state: BundleFormState) {
  const saved = Object.keys(state.typed).filter((name) => /^bundle\.\d+\.id$/.test(name)).length;
  return html`<h2 id="bundle-options">Options and the products they offer</h2>
    ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
    <p class="muted">Its price is derived from these on save (the cheapest complete choice), its stock from theirs. Empty an option's title and products to remove it; carts holding a removed product cannot be checked out until the shopper adds the bundle again.</p>
    ${bundleFieldsets(state.typed, state.errors, saved + 1)}`;
}

/** Service refusals of the options (paths `bundleOptions.…`) by the fieldsets' fields. */
function bundleErrors(bundle: TypedBundle, issues: Array<{ path: readonly PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [field, message] = bundleField(bundle, issue.path, issue.message) ?? ['bundleOptions', issue.message];
    errors[field] ??= message;
  }
  return errors;
}

/** The options typed as the API's patch (empty: as saved, left alone), with where each was typed, or the section's refusal. */
export async function bundlePatch(db: Db, product: AdminProduct, typed: Typed): Promise<{ patch: { bundleOptions?: unknown[] }; bundle?: TypedBundle } | { refused: BundleFormState }> {
  const saved = savedBundle(product).typed;
  const names = new Set([...Object.keys(saved), ...Object.keys(typed).filter((name) => name.startsWith('bundle.'))]);
  const same = [...names].every((name) => first(typed[name]).replace(/\r\n/g, '\n').trim() === first(saved[name]).trim() || (name.endsWith('.required') && first(typed[name]) === '1' && saved[name] === undefined) || (name.endsWith('.type') && first(typed[name]) === 'select' && saved[name] === undefined));
  if (same) return { patch: {} };
  const bundle = await typedBundle(db, typed, product.bundleOptions);
  if ('errors' in bundle) return { refused: { typed, etag: '', errors: bundle.errors } };
  return { patch: { bundleOptions: bundle.options }, bundle };
}

/** A service (or schema) refusal of the options as the section's state. */
export function bundleRefusal(typed: Typed, bundle: TypedBundle, fields: Record<string, string>, message: string): BundleFormState {
  const entries = Object.entries(fields).filter(([name]) => name.startsWith('bundleOptions'));
  if (entries.length === 0) return { typed, etag: '', errors: {}, error: message };
  return { typed, etag: '', errors: bundleErrors(bundle, entries.map(([name, text]) => ({ path: name.split('.'), message: text }))) };
}
