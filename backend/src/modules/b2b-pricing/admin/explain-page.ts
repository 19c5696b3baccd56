/**
 * Catalog → Price explainer: a customer (by email), a SKU, a quantity and a store view; the answer is
 * what that customer pays per unit and why (price-explanation.ts).
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { pickerOptions } from '../../../platform/admin/config-pickers.ts';
import { fieldRow, numberField, selectField, textField } from '../../../platform/admin/fields.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { AppError, refusedFields } from '../../../platform/errors.ts';
import { explainPrice, type PriceExplanation } from './price-explanation.ts';
import { contextOf, issuesByPath } from './page-kit.ts';
import { adminBase } from './paths.ts';
import { rulesText } from './price-lists-pages.ts';

const Question = z.object({
  email: z.string().trim().min(1, 'Give the customer\'s email.').max(254).email('Not an email address.'),
  sku: z.string().trim().min(1, 'Give a SKU.').max(64),
  qty: z.coerce.number({ message: 'Not a number.' }).int('A whole number.').min(1, 'At least 1.').max(1_000_000, 'At most 1,000,000.'),
  store: z.string().trim().regex(/^[a-z0-9_]{1,32}$/, 'No such store view.'),
});

const money = (value: number) => value.toFixed(2);
const ruleWords = { min: 'below the minimum', max: 'above the maximum', increment: 'not a multiple of the increment' } as const;

function answer(e: PriceExplanation, qty: number, sku: string, groupName: (id: number) => string) {
  const groupNote = e.company?.customerGroupId ? `the company's group (${groupName(e.groupId)})` : `their own group (${groupName(e.groupId)})`;
  const verdict = (() => {
    if (!e.product) return html`No product with SKU <code>${sku}</code> is sold in this store view: nothing to buy yet.${e.listPrice ? html` Once it is, the lists give ${money(e.listPrice.price)} each (list ${e.listPrice.listCode}).` : ''}`;
    if (e.product.hiddenFromCustomer) return html`<strong>B2B Access hides this product from this customer</strong>: they cannot see or buy it, whatever a price list says.`;
    if (e.product.priceWithheld) return html`<strong>B2B Access withholds the price from this customer</strong>${e.product.withheldMessage ? html` (they see “${e.product.withheldMessage}”)` : ''}: a hidden price stays hidden, whatever a price list says, and they cannot buy it.`;
    if (e.listPrice) return html`Pays <strong>${money(e.listPrice.price)}</strong> per unit at quantity ${qty}, from the list <strong>${e.listPrice.listCode}</strong> (the lowest break reached across their lists).`;
    return html`Pays the catalog price, <strong>${e.product.catalogPrice === null ? '—' : money(e.product.catalogPrice)}</strong> per unit: no list of theirs prices this SKU at quantity ${qty}.`;
  })();
  return html`<section aria-labelledby="answer-title"><h2 id="answer-title">Answer</h2>
    <p role="status" data-pays="${e.pays === null ? '' : money(e.pays)}">${verdict}</p>
    ${e.enabled ? '' : html`<p><strong>B2B Pricing is switched off</strong> (Configuration): nobody gets list prices or quantity rules until it is on. The lists below are what would apply.</p>`}
    <h3>Customer</h3>
    <p>${e.customer.name} (${e.customer.email}), customer group ${groupName(e.customer.groupId)}. ${e.company ? html`Buys for <a href="${adminBase}/companies/${e.company.id}">${e.company.name}</a> as ${e.company.role}: the company's lists apply first, then ${groupNote}'s.` : html`Buys for no company: their group's lists apply.`}</p>
    <h3>Lists, in the order they apply</h3>
    ${e.lists.length === 0
      ? html`<p>No price list applies to this customer.</p>`
      : html`<div class="table-scroll"><table>
          <tr><th>#</th><th>List</th><th>From</th><th>In store view ${e.storeCode}</th><th>Tiers for ${sku}</th><th>Reached at ${qty}</th><th>Rules</th></tr>
          ${e.lists.map(
            (list, index) => html`<tr><td>${index + 1}</td><td><a href="${adminBase}/price-lists/${list.id}">${list.code}</a></td><td>${list.source === 'company' ? 'Company' : 'Group'}</td>
              <td>${list.inStore ? 'Applies' : 'Not here (other store views)'}</td>
              <td>${list.entry ? list.entry.tiers.map((tier) => `${tier.minQty}+: ${money(tier.price)}`).join(', ') : 'Not in this list'}</td>
              <td>${list.reached ? `${list.reached.minQty}+: ${money(list.reached.price)}` : '—'}</td><td>${list.entry ? rulesText(list.entry) : '—'}</td></tr>`,
          )}
        </table></div>`}
    <h3>Catalog price</h3>
    <p>${e.product ? (e.product.catalogPrice === null ? 'None' : `${money(e.product.catalogPrice)} per unit (${e.product.name})`) : 'No product.'}</p>
    <h3>Quantity rules</h3>
    <p>${e.rulesFrom ? html`From the list ${e.rulesFrom}: ${rulesText(e.rules)}.` : 'None: any quantity.'} ${e.broken ? html`<strong>Quantity ${qty} is ${ruleWords[e.broken]}: the cart refuses it.</strong>` : `Quantity ${qty} is allowed.`}</p>
  </section>`;
}

async function page(c: Context<AdminEnv>) {
  const raw = { email: c.req.query('email') ?? '', sku: c.req.query('sku') ?? '', qty: c.req.query('qty') ?? '1', store: c.req.query('store') ?? '' };
  const [stores, groups] = await Promise.all([pickerOptions(c.var.db, 'stores'), pickerOptions(c.var.db, 'customerGroups')]);
  const groupName = (id: number) => groups.find((group) => group.value === String(id))?.label ?? `#${id}`;
  const asked = c.req.query('email') !== undefined;
  let errors: Record<string, string> = {};
  let explained: PriceExplanation | undefined;
  let qty = 1;
  if (asked) {
    const parsed = Question.safeParse({ ...raw, store: raw.store || (stores[0]?.value ?? '') });
    if (!parsed.success) errors = issuesByPath(parsed.error);
    else {
      qty = parsed.data.qty;
      try {
        explained = await explainPrice(contextOf(c), { db: c.var.db, hooks: c.var.hooks, annotations: c.var.annotations }, { email: parsed.data.email, sku: parsed.data.sku, qty, storeCode: parsed.data.store });
      } catch (error) {
        if (!(error instanceof AppError && error.kind === 'invalid')) throw error;
        errors = refusedFields(error);
      }
    }
  }
  const failed = Object.keys(errors).length > 0;
  return renderPage(
    c,
    'Price explainer',
    html`<p>What a customer pays for a SKU at a quantity, and why. <a href="${adminBase}/companies">Companies</a> · <a href="${adminBase}/price-lists">Price lists</a></p>
      <form method="get" action="${adminBase}/explain" class="explain-form">
        ${fieldRow(textField({ name: 'email', id: 'explain-email', label: 'Customer email', type: 'email', value: raw.email, error: errors.email }))}
        ${fieldRow(textField({ name: 'sku', id: 'explain-sku', label: 'SKU', value: raw.sku, error: errors.sku }))}
        ${fieldRow(numberField({ name: 'qty', id: 'explain-qty', label: 'Quantity', value: raw.qty, min: 1, step: 1, error: errors.qty }))}
        ${fieldRow(selectField({ name: 'store', id: 'explain-store', label: 'Store view', value: raw.store, choices: stores, error: errors.store }))}
        <p><button type="submit">Explain</button></p>
      </form>
      ${explained ? answer(explained, qty, raw.sku.trim(), groupName) : ''}`,
    { error: failed ? 'Check the fields marked below.' : undefined, status: failed ? 400 : 200 },
  );
}

export const explainPage = new Hono<AdminEnv>().get('/', page);
