/**
 * One item of a price list: its SKU, tier rows (from quantity, price each) and quantity rules. A save
 * writes the list's items through the list's PATCH (price-lists.ts) with the version the page was read
 * at, so two admins editing one list cannot overwrite each other.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { confirmPage, isConfirmed } from '../../../platform/admin/confirm-step.ts';
import { fieldRow, fieldset, moneyField, numberField, textField } from '../../../platform/admin/fields.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { sayOutcome } from '../../../platform/admin/outcome-flash.ts';
import { formFields, renderPage } from '../../../platform/admin/page.ts';
import { AppError } from '../../../platform/errors.ts';
import { getPriceList, priceListEtag, updatePriceList } from '../price-lists.ts';
import { Item, type ItemInput, type ItemView, type PriceListView } from '../routes/wire.ts';
import { contextOf, idOf, notSaved, refusal } from './page-kit.ts';
import { formErrors, formField, formInput } from '../../../platform/admin/form-input.ts';
import { adminBase } from './paths.ts';

interface ItemFormValues {
  sku: string;
  tiers: { minQty: string; price: string }[];
  minQty: string;
  maxQty: string;
  increment: string;
}

const spareTiers = 3;
const text = (value: number | undefined) => (value === undefined ? '' : String(value));
const valuesOfItem = (item?: ItemView): ItemFormValues => ({
  sku: item?.sku ?? '',
  tiers: (item?.tiers ?? []).map((tier) => ({ minQty: String(tier.minQty), price: tier.price.toFixed(2) })),
  minQty: text(item?.minQty),
  maxQty: text(item?.maxQty),
  increment: text(item?.increment),
});

function postedItem(form: Record<string, string>): ItemFormValues {
  const rows = [...new Set(Object.keys(form).flatMap((key) => /^tiers\.(\d+)\./.exec(key)?.[1] ?? []))].map(Number).sort((a, b) => a - b);
  return {
    sku: form.sku ?? '',
    tiers: rows.map((row) => ({ minQty: form[`tiers.${row}.minQty`] ?? '', price: form[`tiers.${row}.price`] ?? '' })),
    minQty: form.minQty ?? '',
    maxQty: form.maxQty ?? '',
    increment: form.increment ?? '',
  };
}

/**
 * The posted item, read and validated by the API's schema (formInput): blank tier rows are left out,
 * and a message about a tier is beside the row it was typed on. A price may be typed with a decimal
 * comma (the shape formInput reads has a point). `field` names the form field of an item's path.
 */
function itemFromForm(form: Record<string, string>): { item: ItemInput; field: (path: string) => string } | { errors: Record<string, string> } {
  const posted = formInput(Item, Object.fromEntries(Object.entries(form).map(([key, value]) => [key, /^tiers\.\d+\.price$/.test(key) ? value.replace(',', '.') : value])));
  const parsed = Item.safeParse(posted);
  if (!parsed.success) return { errors: formErrors(parsed.error, posted) };
  return { item: parsed.data, field: (path) => formField(path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), posted) };
}

function itemPage(c: Context<AdminEnv>, list: PriceListView, state: { original?: string; values: ItemFormValues; etag: string; errors?: Record<string, string>; message?: string; status?: 400 | 409 }) {
  const errors = state.errors ?? {};
  const tierRows = [...state.values.tiers, ...Array.from({ length: spareTiers }, () => ({ minQty: '', price: '' }))];
  const listPath = `${adminBase}/price-lists/${list.id}`;
  return renderPage(
    c,
    state.original ? `${list.code}: ${state.original}` : `${list.code}: new item`,
    html`<p><a href="${listPath}">Back to the price list</a>${state.original ? html` · <a href="${listPath}/items/remove?${new URLSearchParams({ sku: state.original })}">Remove this item</a>` : ''}</p>
      <form method="post" action="${listPath}/items" class="item-form">
        ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${state.etag}" /><input type="hidden" name="original" value="${state.original ?? ''}" />
        ${fieldRow(textField({ name: 'sku', id: 'item-sku', label: 'SKU', value: state.values.sku, help: 'A SKU no product has yet is kept, and applies once the product exists.', error: errors.sku }))}
        ${fieldset(
          'Tiers',
          html`<p class="muted">From each quantity on, every unit costs its price. Leave a row blank to drop it.</p>`,
          tierRows.map((tier, index) =>
            fieldRow(
              numberField({ name: `tiers.${index}.minQty`, id: `tier-${index}-qty`, label: `Tier ${index + 1}: from quantity`, value: tier.minQty, min: 1, step: 1, error: errors[`tiers.${index}.minQty`] }),
              moneyField({ name: `tiers.${index}.price`, id: `tier-${index}-price`, label: `Tier ${index + 1}: price each`, currency: 'list currency', value: tier.price, error: errors[`tiers.${index}.price`] }),
            ),
          ),
          errors.tiers ? html`<strong class="error" role="alert">${errors.tiers}</strong>` : '',
        )}
        ${fieldset(
          'Quantity rules (optional)',
          fieldRow(numberField({ name: 'minQty', id: 'rule-min', label: 'Minimum quantity', value: state.values.minQty, min: 1, step: 1, error: errors.minQty })),
          fieldRow(numberField({ name: 'maxQty', id: 'rule-max', label: 'Maximum quantity', value: state.values.maxQty, min: 1, step: 1, error: errors.maxQty })),
          fieldRow(numberField({ name: 'increment', id: 'rule-increment', label: 'Sold in multiples of', value: state.values.increment, min: 1, step: 1, help: 'A case of 6 sells 6, 12, 18…; the minimum and maximum must be multiples of it.', error: errors.increment })),
        )}
        <p><button type="submit">Save item</button></p>
      </form>`,
    { error: state.message, status: state.status ?? 200 },
  );
}

const itemOf = (list: PriceListView, sku: string) => list.items.find((item) => item.sku === sku);
const notInList = (list: PriceListView, sku: string) => new AppError('not_found', 'not_found', `The price list ${list.code} has no item ${sku}.`);

function removeStep(c: Context<AdminEnv>, list: PriceListView, sku: string, fields: Record<string, string>) {
  return confirmPage(c, {
    question: `Remove ${sku} from the price list “${list.code}”?`,
    consequence: `Buyers with this list pay for ${sku} by their other lists, or the catalog price, with no quantity rules from this list.`,
    action: `${adminBase}/price-lists/${list.id}/items/remove`,
    fields,
    confirmLabel: 'Remove the item',
    cancelHref: `${adminBase}/price-lists/${list.id}/items/edit?${new URLSearchParams({ sku })}`,
  });
}

export const itemPages = new Hono<AdminEnv>()
  .get('/:id/items/new', async (c) => {
    const list = await getPriceList(contextOf(c), idOf(c, 'price list'));
    return itemPage(c, list, { values: valuesOfItem(), etag: priceListEtag(list) });
  })
  .get('/:id/items/edit', async (c) => {
    const list = await getPriceList(contextOf(c), idOf(c, 'price list'));
    const sku = c.req.query('sku') ?? '';
    const item = itemOf(list, sku);
    if (!item) throw notInList(list, sku);
    return itemPage(c, list, { original: sku, values: valuesOfItem(item), etag: priceListEtag(list) });
  })
  .post('/:id/items', async (c) => {
    const ctx = contextOf(c);
    const list = await getPriceList(ctx, idOf(c, 'price list'));
    const form = await formFields(c);
    const original = form.original || undefined;
    const values = postedItem(form);
    const state = { original, values, etag: form._etag ?? '' };
    if (original !== undefined && !itemOf(list, original)) {
      return itemPage(c, list, { ...state, message: `The item ${original} is no longer in the list (removed meanwhile); saving adds it again.`, original: undefined, status: 409 });
    }
    const read = itemFromForm(form);
    if ('errors' in read) return itemPage(c, list, { ...state, errors: read.errors, message: notSaved, status: 400 });
    if (read.item.sku !== original && itemOf(list, read.item.sku)) {
      return itemPage(c, list, { ...state, errors: { sku: 'Already in this list: edit that item instead.' }, message: notSaved, status: 400 });
    }
    const items = [...list.items.filter((item) => item.sku !== original), read.item];
    const index = items.length - 1;
    try {
      await updatePriceList(ctx, list.id, { items }, state.etag);
    } catch (error) {
      const prefix = `items.${index}.`;
      const refused = refusal(error, (path) => (path.startsWith(prefix) ? read.field(path.slice(prefix.length)) : path));
      return itemPage(c, list, { ...state, errors: refused.errors, message: refused.message, status: refused.status });
    }
    return c.redirect(`${adminBase}/price-lists/${list.id}/items/edit?${new URLSearchParams({ sku: read.item.sku, flash: 'saved' })}`, 303);
  })
  .get('/:id/items/remove', async (c) => {
    const list = await getPriceList(contextOf(c), idOf(c, 'price list'));
    const sku = c.req.query('sku') ?? '';
    if (!itemOf(list, sku)) throw notInList(list, sku);
    return removeStep(c, list, sku, { sku, _etag: priceListEtag(list) });
  })
  .post('/:id/items/remove', async (c) => {
    const ctx = contextOf(c);
    const list = await getPriceList(ctx, idOf(c, 'price list'));
    const fields = await formFields(c);
    const sku = fields.sku ?? '';
    if (!itemOf(list, sku)) throw notInList(list, sku);
    if (!isConfirmed(fields)) return removeStep(c, list, sku, fields);
    try {
      await updatePriceList(ctx, list.id, { items: list.items.filter((item) => item.sku !== sku) }, fields._etag ?? '');
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'stale_version')) throw error;
      return renderPage(c, `${sku} was not removed`, html`<p>${error.message}</p><p><a href="${adminBase}/price-lists/${list.id}">Look at the list again</a></p>`, { error: error.message, status: 409 });
    }
    sayOutcome(c, `Removed ${sku} from the price list ${list.code}.`);
    return c.redirect(`${adminBase}/price-lists/${list.id}?flash=deleted`, 303);
  });
