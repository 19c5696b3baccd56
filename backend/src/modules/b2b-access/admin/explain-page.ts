import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { pickerOptions } from '../../../platform/admin/config-pickers.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { AppError } from '../../../platform/errors.ts';
import { invalidField } from '../../../platform/modules/config-store.ts';
import { explainAccess } from '../explain.ts';
import { ExplainQuery } from '../routes/wire.ts';
import { adminBase } from './paths.ts';
import { contextOf } from './rules-grid.ts';

type Answer = Awaited<ReturnType<typeof explainAccess>>;
type Explanation = Answer['contexts']['visibility'];

function decision(explanation: Explanation) {
  const decided = explanation.decidedBy;
  if (decided === null) return html`No rule fired: nothing is gated in this context.`;
  if ('basic' in decided) return html`Basic mode: ${decided.basic}`;
  return html`Rule <a href="${adminBase}/rules/${decided.ruleId}">${decided.name}</a> (#${decided.ruleId}) decided.`;
}

function contextSection(title: string, explanation: Explanation) {
  return html`<section aria-label="${title}"><h2>${title}</h2><p>${decision(explanation)}</p>
    ${explanation.notFired.length === 0
      ? ''
      : html`<table><tr><th>Earlier rule</th><th>Why it did not fire</th></tr>
          ${explanation.notFired.map((rule) => html`<tr><td><a href="${adminBase}/rules/${rule.ruleId}">${rule.name}</a> (#${rule.ruleId})</td><td>${rule.reason}</td></tr>`)}</table>`}
  </section>`;
}

/**
 * Customers → B2B Access → Explain: for a SKU and a caller (group, store, destination country), which
 * rule decided each context and why the earlier ones did not fire (the same answer as the API's).
 */
export const explainPage = new Hono<AdminEnv>().get('/', async (c) => {
  const db = c.var.db;
  const query = { sku: c.req.query('sku')?.trim() ?? '', customerGroupId: c.req.query('customerGroupId') ?? '0', store: c.req.query('store') ?? '', country: c.req.query('country')?.trim() ?? '' };
  const [groups, stores, countries] = await Promise.all([pickerOptions(db, 'customerGroups'), pickerOptions(db, 'stores'), pickerOptions(db, 'countries')]);
  let answer: Answer | undefined;
  let problem: AppError | undefined;
  if (query.sku !== '') {
    // The API's own query schema: blanks are "not given" (default store, unknown country).
    const parsed = ExplainQuery.safeParse({ ...query, store: query.store || undefined, country: query.country || undefined });
    if (!parsed.success) {
      problem = invalidField(parsed.error);
    } else {
      try {
        answer = await explainAccess(contextOf(c), parsed.data);
      } catch (error) {
        // A SKU no product has, or a store that does not exist: said on the page, above the form.
        if (!(error instanceof AppError && (error.kind === 'invalid' || error.kind === 'not_found'))) throw error;
        problem = error;
      }
    }
  }
  const select = (name: string, label: string, options: { value: string; label: string }[], value: string, blank?: string) =>
    html`<label>${label} <select name="${name}">${blank ? html`<option value="">${blank}</option>` : ''}${options.map((o) => html`<option value="${o.value}" ${o.value === value ? 'selected' : ''}>${o.label}</option>`)}</select></label>`;
  return renderPage(
    c,
    'B2B Access: explain a decision',
    html`<form method="get" action="${adminBase}/explain">
        <label>SKU <input name="sku" value="${query.sku}" required /></label>
        ${select('customerGroupId', 'Customer group', groups, query.customerGroupId)}
        ${select('store', 'Store', stores, query.store, '(default store)')}
        ${select('country', 'Destination country', countries, query.country, '(unknown)')}
        <button type="submit">Explain</button>
      </form>
      ${answer
        ? html`<p>${answer.enabled ? '' : html`<strong>The module is switched off: nothing is gated.</strong> `}Mode: <strong>${answer.mode}</strong>. What this caller gets:
              ${Object.entries(answer.flags.gateFlags).map(([flag, on]) => html`<code>${flag}: ${String(on)}</code> `)}
              ${answer.flags.hiddenPriceMessage ? html`· message “${answer.flags.hiddenPriceMessage}”` : ''} ${answer.flags.redirectTo ? html`· redirect to ${answer.flags.redirectTo}` : ''}</p>
            ${contextSection('Visibility', answer.contexts.visibility)} ${contextSection('Checkout', answer.contexts.checkout)}`
        : ''}`,
    { error: problem?.message, status: problem ? (problem.kind === 'not_found' ? 404 : 400) : 200 },
  );
});
