/**
 * Customers → Companies: the grid (search, paging) and the editor (create, edit, delete), through the
 * same services as the admin API (companies.ts), so a rule the API enforces holds here too.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { pickerOptions } from '../../../platform/admin/config-pickers.ts';
import { confirmPage, isConfirmed } from '../../../platform/admin/confirm-step.ts';
import { sayOutcome } from '../../../platform/admin/outcome-flash.ts';
import { formFields, renderPage } from '../../../platform/admin/page.ts';
import { gridPageSize, pager, requestedPage } from '../../../platform/admin/pager.ts';
import { AppError } from '../../../platform/errors.ts';
import { companyEtag, createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from '../companies.ts';
import { companyForm, companyFromForm, postedCompany, valuesOfCompany, type CompanyFormValues } from './company-form.ts';
import type { CompanyInput } from '../routes/wire.ts';
import { allPriceLists, contextOf, idOf, notSaved, refusal } from './page-kit.ts';
import { accountPages, accountSection } from './company-account.ts';
import { adminBase } from './paths.ts';

const terms = (terms: { netDays: number; creditLimit: number } | null) => (terms ? `Net ${terms.netDays}, limit ${terms.creditLimit.toFixed(2)}` : '—');

interface Refused {
  errors: Record<string, string>;
  message?: string;
  status: 400 | 409;
}

async function editorPage(c: Context<AdminEnv>, target: { id?: number; etag?: string; name?: string }, values: CompanyFormValues, refused?: Refused) {
  const ctx = contextOf(c);
  const [groups, lists] = await Promise.all([pickerOptions(c.var.db, 'customerGroups'), allPriceLists(ctx)]);
  const action = target.id ? `${adminBase}/companies/${target.id}` : `${adminBase}/companies`;
  return renderPage(
    c,
    target.id ? `Company: ${target.name}` : 'New company',
    html`<p><a href="${adminBase}/companies">All companies</a>${target.id ? html` · <a href="${adminBase}/companies/${target.id}/delete">Delete</a>` : ''}</p>
      ${companyForm(c, action, values, { groups, lists }, refused?.errors ?? {}, target.etag)}
      ${target.id ? await accountSection(ctx, target.id, c.var.csrfToken) : ''}`,
    { error: refused ? (refused.message ?? notSaved) : undefined, status: refused?.status ?? 200 },
  );
}

/** Runs a save from the posted form; refused, the form again as typed with the messages beside their fields. */
async function saving(c: Context<AdminEnv>, target: { id?: number; name?: string }, save: (input: CompanyInput, etag: string) => Promise<{ id: number }>, flash: string) {
  const form = await formFields(c);
  const values = postedCompany(form);
  const etag = form._etag ?? '';
  const read = await companyFromForm(contextOf(c), form);
  if ('errors' in read) return editorPage(c, { ...target, etag }, values, { errors: read.errors, status: 400 });
  try {
    const saved = await save(read.input, etag);
    return c.redirect(`${adminBase}/companies/${saved.id}?flash=${flash}`, 303);
  } catch (error) {
    return editorPage(c, { ...target, etag }, values, refusal(error, read.field));
  }
}

export const companiesPages = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const ctx = contextOf(c);
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = requestedPage(c.req.query('page'));
    const [{ member, totalItems }, groups, lists] = await Promise.all([listCompanies(ctx, { search: q || undefined, page, itemsPerPage: gridPageSize }), pickerOptions(c.var.db, 'customerGroups'), allPriceLists(ctx)]);
    const groupName = new Map(groups.map((group) => [group.value, group.label]));
    const listCode = new Map(lists.map((list) => [list.id, list.code]));
    return renderPage(
      c,
      'Companies',
      html`<p><a href="${adminBase}/companies/new">Add a company</a> · <a href="${adminBase}/price-lists">Price lists</a> · <a href="${adminBase}/explain">Price explainer</a></p>
        <form method="get" role="search"><label>Search by name <input name="q" value="${q}" /></label> <button>Search</button></form>
        <p class="muted">${totalItems} companies.</p>
        <div class="table-scroll"><table>
          <tr><th>Name</th><th>Group</th><th>Buyers</th><th>Price lists</th><th>Terms</th></tr>
          ${member.map(
            (company) => html`<tr data-company-id="${company.id}">
              <td><a href="${adminBase}/companies/${company.id}">${company.name}</a></td>
              <td>${company.customerGroupId === null ? '(buyers\' own)' : (groupName.get(String(company.customerGroupId)) ?? `#${company.customerGroupId}`)}</td>
              <td>${company.buyers.length}</td>
              <td>${company.priceListIds.map((id) => listCode.get(id) ?? `#${id}`).join(', ') || '—'}</td>
              <td>${terms(company.paymentTerms)}</td>
            </tr>`,
          )}
        </table></div>
        ${pager(page, Math.ceil(totalItems / gridPageSize), { q })}`,
    );
  })
  .get('/new', async (c) => editorPage(c, {}, await valuesOfCompany(contextOf(c))))
  .post('/', (c) => saving(c, {}, (input) => createCompany(contextOf(c), input), 'created'))
  .get('/:id', async (c) => {
    const ctx = contextOf(c);
    const company = await getCompany(ctx, idOf(c, 'company'));
    return editorPage(c, { id: company.id, etag: companyEtag(company), name: company.name }, await valuesOfCompany(ctx, company));
  })
  .post('/:id', async (c) => {
    const company = await getCompany(contextOf(c), idOf(c, 'company'));
    return saving(c, { id: company.id, name: company.name }, (input, etag) => updateCompany(contextOf(c), company.id, input, etag), 'saved');
  })
  .route('/', accountPages)
  .get('/:id/delete', async (c) => {
    const company = await getCompany(contextOf(c), idOf(c, 'company'));
    return deleteStep(c, company, { _etag: companyEtag(company) });
  })
  .post('/:id/delete', async (c) => {
    const ctx = contextOf(c);
    const company = await getCompany(ctx, idOf(c, 'company'));
    const fields = await formFields(c);
    if (!isConfirmed(fields)) return deleteStep(c, company, fields);
    try {
      await deleteCompany(ctx, company.id, fields._etag ?? '');
    } catch (error) {
      if (!(error instanceof AppError && (error.code === 'stale_version' || error.code === 'open_purchase_orders'))) throw error;
      return renderPage(c, `Company “${company.name}” was not deleted`, html`<p>${error.message}</p><p><a href="${adminBase}/companies/${company.id}">Look at it again</a></p>`, { error: error.message, status: 409 });
    }
    sayOutcome(c, `Deleted the company ${company.name}; its ${company.buyers.length} buyers now pay by their own group's lists.`);
    return c.redirect(`${adminBase}/companies?flash=deleted`, 303);
  });

function deleteStep(c: Context<AdminEnv>, company: { id: number; name: string; buyers: unknown[] }, fields: Record<string, string>) {
  return confirmPage(c, {
    question: `Delete the company “${company.name}”?`,
    consequence: `Its ${company.buyers.length} buyers stop buying for it: they pay by their own group's price lists, and purchase orders on its terms end. This cannot be undone (the audit log keeps what it was).`,
    action: `${adminBase}/companies/${company.id}/delete`,
    fields,
    confirmLabel: 'Delete the company',
    cancelHref: `${adminBase}/companies/${company.id}`,
  });
}
