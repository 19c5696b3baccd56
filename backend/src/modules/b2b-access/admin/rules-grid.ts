import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { formFields, renderPage } from '../../../platform/admin/page.ts';
import { gridPageSize, pager, requestedPage } from '../../../platform/admin/pager.ts';
import { formInput } from '../../../platform/admin/form-input.ts';
import { AppError } from '../../../platform/errors.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { AccessConfig } from '../config.ts';
import type { AccessContext } from '../context.ts';
import { deleteRule, duplicateRule, getRule, listRules, reorderRules, setRuleActive, type RuleView } from '../rules/service.ts';
import { adminBase } from './paths.ts';

export const contextOf = moduleContext<AccessConfig>('b2b-access');
const RuleId = z.coerce.number().int().min(1).max(2_147_483_647);

/** The rule id of the URL; anything that is not one is a 404 like an id no rule has. */
export function ruleIdOf(c: Context<AdminEnv>): number {
  const id = RuleId.safeParse(c.req.param('id'));
  if (!id.success) throw new AppError('not_found', 'not_found', 'No such B2B access rule.');
  return id.data;
}

/** Every rule id in evaluation order (priority, then id): moving one rule renumbers them all. */
async function orderedIds(ctx: AccessContext): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const { member, totalItems } = await listRules(ctx, { page, itemsPerPage: 500 });
    ids.push(...member.map((rule) => rule.id));
    if (member.length === 0 || ids.length >= totalItems) return ids;
  }
}

/** The ids with `id` swapped with its neighbour above (-1) or below (+1); unchanged at either end. */
export function moved(ids: number[], id: number, step: -1 | 1): number[] {
  const at = ids.indexOf(id);
  const to = at + step;
  if (at === -1 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

const button = (c: Context<AdminEnv>, action: string, label: string, fields: Record<string, string> = {}) =>
  html`<form method="post" action="${action}" class="inline">${csrfField(c.var.csrfToken)}${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}<button>${label}</button></form>`;

function summary(rule: RuleView): string {
  const acts = [rule.actions.hideFromListings && 'hidden from listings', rule.actions.hidePrice && 'price hidden', rule.actions.blockPurchase && 'purchase blocked', rule.actions.redirectToCmsPage && `redirect to /${rule.actions.redirectToCmsPage}`];
  return acts.filter(Boolean).join(', ') || 'no action';
}

/** The grid URL with its search kept, for redirects after an action. */
/**
 * What a row's buttons post: the grid's place (search and page) to return to, and a move's direction.
 * A place that is no place returns to the grid's start rather than refusing the change it came with.
 */
const RowPost = z.object({
  q: z.string().max(100).optional().catch(undefined),
  page: z.string().regex(/^\d{1,6}$/).optional().catch(undefined),
  step: z.enum(['up', 'down']).default('down').catch('down'),
});
const rowPost = async (c: Context<AdminEnv>) => RowPost.parse(formInput(RowPost, await formFields(c)));
const back = (place: { q?: string; page?: string }, flash: string) => `${adminBase}/rules?${new URLSearchParams({ ...(place.q ? { q: place.q } : {}), ...(place.page ? { page: place.page } : {}), flash })}`;

/** Customers → B2B Access Rules: the grid, sorted by priority, with its row actions. */
export const rulesGrid = new Hono<AdminEnv>()
  .get('/', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const page = requestedPage(c.req.query('page'));
    const { member, totalItems } = await listRules(contextOf(c), { search: q || undefined, page, itemsPerPage: gridPageSize });
    const keep = { q, page: String(page) };
    return renderPage(
      c,
      'B2B Access Rules',
      html`<p><a href="${adminBase}/rules/new">Add a rule</a> · <a href="${adminBase}/explain">Explain a decision</a> · <a href="${adminBase}/config">Configuration</a></p>
        <form method="get" role="search"><label>Search by name <input name="q" value="${q}" /></label> <button>Search</button></form>
        <p class="muted">${totalItems} rules. Evaluated lowest priority first; the first rule that fires decides.</p>
        <div class="table-scroll"><table>
          <tr><th>Priority</th><th>Name</th><th>Status</th><th>Actions</th><th>Enforcement</th><th>Order</th><th></th></tr>
          ${member.map(
            (rule) => html`<tr data-rule-id="${rule.id}">
              <td>${rule.priority}</td>
              <td><a href="${adminBase}/rules/${rule.id}">${rule.name}</a>${rule.malformed ? html`<br /><strong class="error" role="note">Malformed tree, never matches: ${rule.malformed}</strong>` : ''}</td>
              <td>${rule.isActive ? 'Active' : 'Inactive'}</td>
              <td>${summary(rule)}</td>
              <td>${rule.enforcement}</td>
              <td>${button(c, `${adminBase}/rules/${rule.id}/move`, 'Up', { step: 'up', ...keep })} ${button(c, `${adminBase}/rules/${rule.id}/move`, 'Down', { step: 'down', ...keep })}</td>
              <td>${button(c, `${adminBase}/rules/${rule.id}/${rule.isActive ? 'deactivate' : 'activate'}`, rule.isActive ? 'Deactivate' : 'Activate', keep)}
                ${button(c, `${adminBase}/rules/${rule.id}/duplicate`, 'Duplicate', keep)}
                <a href="${adminBase}/rules/${rule.id}/delete">Delete</a></td>
            </tr>`,
          )}
        </table></div>
        ${pager(page, Math.ceil(totalItems / gridPageSize), { q })}`,
      // Deleting, (de)activating and reordering reach the storefront (DECISIONS.md 62): the page follows them there.
      { storefrontSync: true },
    );
  })
  .post('/:id/move', async (c) => {
    const id = ruleIdOf(c);
    const form = await rowPost(c);
    const ctx = contextOf(c);
    await getRule(ctx, id); // an unknown id answers 404, not a silent no-op
    const ids = await orderedIds(ctx);
    const next = moved(ids, id, form.step === 'up' ? -1 : 1);
    if (next !== ids) await reorderRules(ctx, next);
    return c.redirect(back(form, 'reordered'), 303);
  })
  .post('/:id/activate', async (c) => {
    await setRuleActive(contextOf(c), ruleIdOf(c), true);
    return c.redirect(back(await rowPost(c), 'activated'), 303);
  })
  .post('/:id/deactivate', async (c) => {
    await setRuleActive(contextOf(c), ruleIdOf(c), false);
    return c.redirect(back(await rowPost(c), 'deactivated'), 303);
  })
  .post('/:id/duplicate', async (c) => {
    const copy = await duplicateRule(contextOf(c), ruleIdOf(c));
    return c.redirect(`${adminBase}/rules/${copy.id}?flash=duplicated`, 303);
  })
  .get('/:id/delete', async (c) => {
    const rule = await getRule(contextOf(c), ruleIdOf(c));
    return renderPage(
      c,
      `Delete rule “${rule.name}”?`,
      html`<p>The rule stops applying at once; this cannot be undone (the audit log keeps what it was).</p>
        ${button(c, `${adminBase}/rules/${rule.id}/delete`, 'Delete the rule')} <a href="${adminBase}/rules">Keep it</a>`,
    );
  })
  .post('/:id/delete', async (c) => {
    await deleteRule(contextOf(c), ruleIdOf(c));
    return c.redirect(`${adminBase}/rules?flash=deleted`, 303);
  });
