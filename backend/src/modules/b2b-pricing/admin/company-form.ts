/**
 * The company editor's form: its values (a stored company, or what was posted), the form itself, and
 * the posted form read as the API's company (buyers named by email here, by customer id in the API).
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { Option } from '../../../platform/admin/config-pickers.ts';
import { fieldRow, fieldset, moneyField, numberField, selectField, textField } from '../../../platform/admin/fields.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import type { PricingContext } from '../context.ts';
import { z } from 'zod';
import { formField, formInput } from '../../../platform/admin/form-input.ts';
import { BuyerRole, CompanyInput, type CompanyView, type PriceListSummary } from '../routes/wire.ts';

export interface CompanyFormValues {
  name: string;
  customerGroupId: string;
  /** In the order the lists apply; '' is an empty slot. */
  priceListIds: string[];
  buyers: { email: string; role: string }[];
  netDays: string;
  creditLimit: string;
}

/** Empty rows the form offers beyond the filled ones: a company gains a list or a buyer or two per save. */
const spareRows = 2;

export async function valuesOfCompany(ctx: PricingContext, company?: CompanyView): Promise<CompanyFormValues> {
  const accounts = new Map((await ctx.customers.byIds(company?.buyers.map((buyer) => buyer.customerId) ?? [])).map((account) => [account.id, account.email]));
  return {
    name: company?.name ?? '',
    customerGroupId: company?.customerGroupId === null || company === undefined ? '' : String(company.customerGroupId),
    priceListIds: (company?.priceListIds ?? []).map(String),
    buyers: (company?.buyers ?? []).map((buyer) => ({ email: accounts.get(buyer.customerId) ?? `#${buyer.customerId}`, role: buyer.role })),
    netDays: company?.paymentTerms ? String(company.paymentTerms.netDays) : '',
    creditLimit: company?.paymentTerms ? company.paymentTerms.creditLimit.toFixed(2) : '',
  };
}

export function postedCompany(form: Record<string, string>): CompanyFormValues {
  const rows = (prefix: string) => [...new Set(Object.keys(form).flatMap((key) => new RegExp(`^${prefix}\\.(\\d+)`).exec(key)?.[1] ?? []))].map(Number).sort((a, b) => a - b);
  return {
    name: form.name ?? '',
    customerGroupId: form.customerGroupId ?? '',
    priceListIds: rows('priceListIds').map((index) => form[`priceListIds.${index}`] ?? ''),
    buyers: rows('buyers').map((index) => ({ email: form[`buyers.${index}.email`] ?? '', role: form[`buyers.${index}.role`] ?? 'buyer' })),
    netDays: form['paymentTerms.netDays'] ?? '',
    creditLimit: form['paymentTerms.creditLimit'] ?? '',
  };
}

/** The API's limit (wire.ts): a form posting more buyer rows is refused before any email is looked up. */
const maxBuyers = 1000;

/**
 * The page's company: the API's, but buyers named by their account email (looked up after, so an
 * unknown one is refused beside its row); a row without a role is a buyer.
 */
const CompanyForm = CompanyInput.extend({
  buyers: z
    .array(z.object({ email: z.string().trim().toLowerCase(), role: BuyerRole.default('buyer') }))
    .max(maxBuyers, `At most ${maxBuyers} buyers.`)
    .default([]),
});

/**
 * The posted form in the shape formInput reads: a buyer row whose email is cleared is removed (its
 * role select still posts), both terms blank are no terms, and an amount may be typed with a
 * decimal comma.
 */
function companyFormShape(form: Record<string, string>): Record<string, string> {
  const shaped: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const row = /^buyers\.\d+(?=\.)/.exec(key)?.[0];
    if (row !== undefined && (form[`${row}.email`] ?? '').trim() === '') continue;
    if (key.startsWith('paymentTerms.') && value.trim() === '') continue;
    shaped[key] = key === 'paymentTerms.creditLimit' ? value.trim().replace(',', '.') : value;
  }
  return shaped;
}

/**
 * The posted form as the API's company, read and validated by the API's schema (formInput); buyers'
 * emails are then looked up. Errors are keyed by the form's field names; `field` names the form field
 * of an API path (for the service's refusals).
 */
export async function companyFromForm(ctx: PricingContext, form: Record<string, string>): Promise<{ input: CompanyInput; field: (path: string) => string } | { errors: Record<string, string> }> {
  const posted = formInput(CompanyForm, companyFormShape(form));
  const field = companyField(posted);
  const read = CompanyForm.safeParse(posted);
  const errors = read.success ? {} : byField(read.error.issues, (issue) => formField(issue.path, posted));
  // The buyers' emails are looked up even when another field is refused, so every message shows at once;
  // a form posting more rows than a company may have is refused before any is.
  const rows = CompanyForm.shape.buyers.safeParse((posted as { buyers?: unknown }).buyers);
  const buyers: CompanyInput['buyers'] = [];
  for (const [index, buyer] of (rows.data ?? []).entries()) {
    const account = await ctx.customers.byEmail(buyer.email);
    if (!account) errors[field(`buyers.${index}.email`)] = 'No customer has this email.';
    else buyers.push({ customerId: account.id, role: buyer.role });
  }
  if (!read.success || Object.keys(errors).length > 0) return { errors };
  const parsed = CompanyInput.safeParse({ ...read.data, buyers });
  if (!parsed.success) return { errors: byField(parsed.error.issues, (issue) => field(issue.path.map(String).join('.'))) };
  return { input: parsed.data, field };
}

/** The messages by the form field each is about (the first for each); a list's slot's is the lists' own. */
function byField(issues: z.core.$ZodIssue[], fieldOf: (issue: z.core.$ZodIssue) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[fieldOf(issue).replace(/^priceListIds\..*/, 'priceListIds')] ??= issue.message;
  return errors;
}

/** The form field an API path names (as the input read from the form names it): a buyer's customer id is the email typed on its row; a list's position is its slot. */
const companyField = (posted: unknown) => (path: string) => {
  const parts = path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  if (parts[0] === 'buyers' && parts.length === 3) return formField(['buyers', parts[1]!, parts[2] === 'role' ? 'role' : 'email'], posted);
  if (parts[0] === 'priceListIds') return 'priceListIds';
  return formField(parts, posted);
};

export interface CompanyFormChoices {
  groups: Option[];
  lists: PriceListSummary[];
}

/** The editor: name, group, lists in order, buyers with roles, terms; `etag` names the version edited. */
export function companyForm(c: Context<AdminEnv>, action: string, values: CompanyFormValues, choices: CompanyFormChoices, errors: Record<string, string>, etag?: string) {
  const listSlots = [...values.priceListIds, ...Array<string>(spareRows).fill('')];
  const buyerRows = [...values.buyers, ...Array.from({ length: spareRows }, () => ({ email: '', role: 'buyer' }))];
  const listChoices = choices.lists.map((list) => ({ value: list.id, label: `${list.code} (${list.name})` }));
  return html`<form method="post" action="${action}" class="company-form">
    ${csrfField(c.var.csrfToken)}${etag ? html`<input type="hidden" name="_etag" value="${etag}" />` : ''}
    ${fieldRow(textField({ name: 'name', id: 'company-name', label: 'Name', value: values.name, error: errors.name }))}
    ${fieldRow(
      selectField({
        name: 'customerGroupId',
        id: 'company-group',
        label: 'Customer group',
        value: values.customerGroupId,
        choices: choices.groups.filter((group) => group.value !== '0'),
        blank: '(each buyer\'s own group)',
        help: 'Whose price lists the buyers get after the company\'s own.',
        error: errors.customerGroupId,
      }),
    )}
    ${fieldset(
      'Price lists, in the order they apply',
      html`<p class="muted" id="company-lists-help">The first slot applies first; a buyer pays the lowest price any of them reaches. Leave a slot on “(none)” to drop it.</p>`,
      listSlots.map((value, index) =>
        fieldRow(selectField({ name: `priceListIds.${index}`, id: `company-list-${index}`, label: `List ${index + 1}`, value, choices: listChoices, blank: '(none)' })),
      ),
      errors.priceListIds ? html`<strong class="error" role="alert">${errors.priceListIds}</strong>` : '',
    )}
    ${fieldset(
      'Buyers',
      html`<p class="muted">Customers by their account email; clear an email to remove that buyer. An account buys for one company at most.</p>`,
      buyerRows.map((buyer, index) =>
        fieldRow(
          textField({ name: `buyers.${index}.email`, id: `buyer-${index}-email`, label: `Buyer ${index + 1} email`, type: 'email', value: buyer.email, error: errors[`buyers.${index}.email`] }),
          selectField({
            name: `buyers.${index}.role`,
            id: `buyer-${index}-role`,
            label: `Buyer ${index + 1} role`,
            value: buyer.role,
            choices: [
              { value: 'buyer', label: 'Buyer' },
              { value: 'admin', label: 'Admin (manages the company\'s buyers)' },
            ],
            error: errors[`buyers.${index}.role`],
          }),
        ),
      ),
      errors.buyers ? html`<strong class="error" role="alert">${errors.buyers}</strong>` : '',
    )}
    ${fieldset(
      'Payment terms (purchase orders)',
      html`<p class="muted">Both or neither: no terms, no purchase orders.</p>`,
      fieldRow(numberField({ name: 'paymentTerms.netDays', id: 'terms-days', label: 'Net days', value: values.netDays, min: 0, step: 1, help: 'Days after the order the amount is due (0–365).', error: errors['paymentTerms.netDays'] ?? errors.paymentTerms })),
      fieldRow(moneyField({ name: 'paymentTerms.creditLimit', id: 'terms-limit', label: 'Credit limit', currency: 'store currency', value: values.creditLimit, help: 'Most the company may owe on open purchase orders.', error: errors['paymentTerms.creditLimit'] })),
    )}
    <p><button type="submit">Save company</button></p>
  </form>`;
}
