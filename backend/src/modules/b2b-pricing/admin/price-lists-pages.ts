/**
 * Catalog → Price lists: the grid and the editor (code, name, store views; the companies and groups it
 * applies to; its items, a page at a time, with links to the item editor and the CSV import and export),
 * through the services the admin API uses (price-lists.ts, companies.ts, group-assignments.ts).
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { pickerOptions } from '../../../platform/admin/config-pickers.ts';
import { confirmPage, isConfirmed } from '../../../platform/admin/confirm-step.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { sayOutcome } from '../../../platform/admin/outcome-flash.ts';
import { formFields, renderPage } from '../../../platform/admin/page.ts';
import { parseForm } from '../../../platform/admin/form-input.ts';
import { gridPageSize, pager, requestedPage } from '../../../platform/admin/pager.ts';
import { AppError } from '../../../platform/errors.ts';
import { createPriceList, deletePriceList, getPriceList, listPriceLists, priceListEtag, updatePriceList } from '../price-lists.ts';
import type { ItemView, PriceListView } from '../routes/wire.ts';
import { importForm } from './items-csv-pages.ts';
import { allCompanies, assignList, assignmentOf, assignmentTag, ListAssignment } from './list-assignments.ts';
import { contextOf, idOf, notSaved, refusal } from './page-kit.ts';
import { adminBase } from './paths.ts';
import { listForm, listFromForm, postedList, valuesOfList, type ListFormValues } from './price-list-form.ts';

const listPath = (id: number) => `${adminBase}/price-lists/${id}`;
const tiersText = (item: ItemView) => item.tiers.map((tier) => `${tier.minQty}+: ${tier.price.toFixed(2)}`).join(', ');
export const rulesText = (item: { minQty?: number | null; maxQty?: number | null; increment?: number | null }) =>
  [item.minQty ? `min ${item.minQty}` : '', item.maxQty ? `max ${item.maxQty}` : '', item.increment ? `multiples of ${item.increment}` : ''].filter(Boolean).join(', ') || '—';

interface Refused {
  errors: Record<string, string>;
  message: string;
  status: 400 | 409;
}

/** The items of the list, a page at a time, filtered by part of a SKU. */
function itemsSection(c: Context<AdminEnv>, list: PriceListView) {
  const q = (c.req.query('sku') ?? '').trim().slice(0, 64);
  const page = requestedPage(c.req.query('page'));
  const matching = q === '' ? list.items : list.items.filter((item) => item.sku.toLowerCase().includes(q.toLowerCase()));
  const shown = matching.slice((page - 1) * gridPageSize, page * gridPageSize);
  return html`<section aria-labelledby="items-title"><h2 id="items-title">Items (${list.items.length} SKUs)</h2>
    <p><a href="${listPath(list.id)}/items/new">Add an item</a> · <a href="${listPath(list.id)}/items.csv" download>Export items as CSV</a></p>
    <form method="get" action="${listPath(list.id)}" role="search"><label>Find a SKU <input name="sku" value="${q}" /></label> <button>Find</button></form>
    <div class="table-scroll"><table>
      <tr><th>SKU</th><th>Tiers (from quantity: price each)</th><th>Quantity rules</th></tr>
      ${shown.map((item) => html`<tr><td><a href="${listPath(list.id)}/items/edit?${new URLSearchParams({ sku: item.sku })}">${item.sku}</a></td><td>${tiersText(item)}</td><td>${rulesText(item)}</td></tr>`)}
    </table></div>
    ${matching.length === 0 ? html`<p class="muted">No items${q ? ' match' : ' yet'}.</p>` : ''}
    ${pager(page, Math.ceil(matching.length / gridPageSize), { sku: q })}
  </section>`;
}

/** Which companies and customer groups the list applies to, as ticks. */
async function assignmentSection(c: Context<AdminEnv>, list: PriceListView, refused?: Refused) {
  const ctx = contextOf(c);
  const [companies, groups] = await Promise.all([allCompanies(ctx), pickerOptions(c.var.db, 'customerGroups')]);
  const assignment = await assignmentOf(ctx, list.id, companies);
  const box = (name: string, id: string, label: string, checked: boolean) =>
    html`<div class="field"><label><input type="checkbox" name="${name}" id="${id}" ${checked ? 'checked' : ''} /> ${label}</label></div>`;
  return html`<section aria-labelledby="assign-title"><h2 id="assign-title">Applies to</h2>
    <form method="post" action="${listPath(list.id)}/assignment">
      ${csrfField(c.var.csrfToken)}<input type="hidden" name="_assigned" value="${assignmentTag(assignment)}" />
      <p class="muted">A company's buyers get its lists first, then their group's. Ticking adds this list after the lists a company or group already has; unticking leaves the others in their order.</p>
      <fieldset><legend>Companies</legend>
        ${companies.length === 0 ? html`<p class="muted">No companies yet.</p>` : companies.map((company) => box(`company.${company.id}`, `assign-company-${company.id}`, company.name, assignment.companyIds.includes(company.id)))}
      </fieldset>
      <fieldset><legend>Customer groups</legend>
        ${groups.filter((group) => group.value !== '0').map((group) => box(`group.${group.value}`, `assign-group-${group.value}`, group.label, assignment.groupIds.includes(Number(group.value))))}
      </fieldset>
      ${refused ? html`<p><strong class="error" role="alert">${refused.message}</strong></p>` : ''}
      <p><button type="submit">Save where it applies</button></p>
    </form>
  </section>`;
}

/**
 * The editor; refused, the list's form shows what was posted with the version the admin edited (so a
 * stale one stays stale), the other forms the list as stored.
 */
async function editorPage(c: Context<AdminEnv>, list: PriceListView, state: { values?: ListFormValues; etag?: string; refused?: Refused; assignmentRefused?: Refused } = {}) {
  const stores = await pickerOptions(c.var.db, 'stores');
  const { refused, assignmentRefused } = state;
  return renderPage(
    c,
    `Price list: ${list.code}`,
    html`<p><a href="${adminBase}/price-lists">All price lists</a> · <a href="${listPath(list.id)}/delete">Delete</a> · <a href="${adminBase}/explain">Price explainer</a></p>
      ${listForm(c, listPath(list.id), state.values ?? valuesOfList(list), stores, refused?.errors ?? {}, state.etag ?? priceListEtag(list))}
      ${await assignmentSection(c, list, assignmentRefused)}
      ${itemsSection(c, list)}
      ${importForm(c, list, priceListEtag(list))}`,
    { error: (refused ?? assignmentRefused)?.message, status: (refused ?? assignmentRefused)?.status ?? 200 },
  );
}

async function newPage(c: Context<AdminEnv>, values: ListFormValues, refused?: Refused) {
  const stores = await pickerOptions(c.var.db, 'stores');
  return renderPage(
    c,
    'New price list',
    html`<p><a href="${adminBase}/price-lists">All price lists</a></p>
      ${listForm(c, `${adminBase}/price-lists`, values, stores, refused?.errors ?? {})}
      <p class="muted">Items are added once the list is saved: one by one, or from a CSV file.</p>`,
    { error: refused?.message, status: refused?.status ?? 200 },
  );
}

function deleteStep(c: Context<AdminEnv>, list: PriceListView, fields: Record<string, string>) {
  return confirmPage(c, {
    question: `Delete the price list “${list.code}”?`,
    consequence: `Its ${list.items.length} items go with it, and every company and customer group that had it loses it: their buyers pay by their other lists, or the catalog price. This cannot be undone (the audit log keeps a summary).`,
    action: `${listPath(list.id)}/delete`,
    fields,
    confirmLabel: 'Delete the price list',
    cancelHref: listPath(list.id),
  });
}

export const priceListsPages = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = requestedPage(c.req.query('page'));
    const { member, totalItems } = await listPriceLists(contextOf(c), { search: q || undefined, page, itemsPerPage: gridPageSize });
    return renderPage(
      c,
      'Price lists',
      html`<p><a href="${adminBase}/price-lists/new">Add a price list</a> · <a href="${adminBase}/companies">Companies</a> · <a href="${adminBase}/explain">Price explainer</a></p>
        <form method="get" role="search"><label>Search by code or name <input name="q" value="${q}" /></label> <button>Search</button></form>
        <p class="muted">${totalItems} price lists.</p>
        <div class="table-scroll"><table>
          <tr><th>Code</th><th>Name</th><th>Store views</th><th>Items</th></tr>
          ${member.map(
            (list) => html`<tr data-list-id="${list.id}"><td><a href="${listPath(list.id)}">${list.code}</a></td><td>${list.name}</td><td>${list.storeCodes?.join(', ') ?? 'All'}</td><td>${list.itemCount}</td></tr>`,
          )}
        </table></div>
        ${pager(page, Math.ceil(totalItems / gridPageSize), { q })}`,
    );
  })
  .get('/new', (c) => newPage(c, valuesOfList()))
  .post('/', async (c) => {
    const form = await formFields(c);
    const values = postedList(form);
    const read = listFromForm(form);
    if ('errors' in read) return newPage(c, values, { errors: read.errors, message: notSaved, status: 400 });
    try {
      const list = await createPriceList(contextOf(c), { ...read.data, items: [] });
      return c.redirect(`${listPath(list.id)}?flash=created`, 303);
    } catch (error) {
      return newPage(c, values, refusal(error, (path) => (path.startsWith('storeCodes') ? 'storeCodes' : path)));
    }
  })
  .get('/:id', async (c) => {
    const list = await getPriceList(contextOf(c), idOf(c, 'price list'));
    return editorPage(c, list);
  })
  .post('/:id', async (c) => {
    const ctx = contextOf(c);
    const list = await getPriceList(ctx, idOf(c, 'price list'));
    const form = await formFields(c);
    const values = postedList(form);
    const etag = form._etag ?? '';
    const read = listFromForm(form);
    if ('errors' in read) return editorPage(c, list, { values, etag, refused: { errors: read.errors, message: notSaved, status: 400 } });
    try {
      await updatePriceList(ctx, list.id, read.data, etag);
    } catch (error) {
      return editorPage(c, list, { values, etag, refused: refusal(error, (path) => (path.startsWith('storeCodes') ? 'storeCodes' : path)) });
    }
    return c.redirect(`${listPath(list.id)}?flash=saved`, 303);
  })
  .post('/:id/assignment', async (c) => {
    const ctx = contextOf(c);
    const list = await getPriceList(ctx, idOf(c, 'price list'));
    const form = await formFields(c);
    const groups = new Set((await pickerOptions(c.var.db, 'customerGroups')).map((group) => group.value).filter((value) => value !== '0'));
    // The boxes are named `company.<id>` and `group.<id>` (one box each): the ticked ones are the lists of ids.
    const tickedIds = (prefix: string) => Object.keys(form).flatMap((key) => (key.startsWith(prefix) ? [key.slice(prefix.length)] : []));
    const refuse = (message: string, status: 400 | 409 = 400) => editorPage(c, list, { assignmentRefused: { errors: {}, message, status } });
    const unknownGroup = tickedIds('group.').find((id) => !groups.has(id));
    if (unknownGroup !== undefined) return refuse(`No customer group has id ${unknownGroup}.`);
    const read = parseForm(ListAssignment, { companyIds: tickedIds('company.'), groupIds: tickedIds('group.') });
    if (!read.data) return refuse(Object.values(read.errors)[0]!);
    try {
      await assignList(ctx, list.id, read.data, form._assigned ?? '');
    } catch (error) {
      const refused = refusal(error);
      return refuse(Object.keys(refused.errors).length > 0 ? `Not saved: ${Object.values(refused.errors)[0]}` : refused.message, refused.status);
    }
    return c.redirect(`${listPath(list.id)}?flash=saved`, 303);
  })
  .get('/:id/delete', async (c) => {
    const list = await getPriceList(contextOf(c), idOf(c, 'price list'));
    return deleteStep(c, list, { _etag: priceListEtag(list) });
  })
  .post('/:id/delete', async (c) => {
    const ctx = contextOf(c);
    const list = await getPriceList(ctx, idOf(c, 'price list'));
    const fields = await formFields(c);
    if (!isConfirmed(fields)) return deleteStep(c, list, fields);
    try {
      await deletePriceList(ctx, list.id, fields._etag ?? '');
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'stale_version')) throw error;
      return renderPage(c, `Price list “${list.code}” was not deleted`, html`<p>${error.message}</p><p><a href="${listPath(list.id)}">Look at it again</a></p>`, { error: error.message, status: 409 });
    }
    sayOutcome(c, `Deleted the price list ${list.code} and its ${list.items.length} items.`);
    return c.redirect(`${adminBase}/price-lists?flash=deleted`, 303);
  });
