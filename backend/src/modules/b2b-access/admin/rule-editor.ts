import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { renderPage } from '../../../platform/admin/page.ts';
import { AppError } from '../../../platform/errors.ts';
import { countMatchingProducts } from '../rules/matches.ts';
import { createRule, getRule, updateRule } from '../rules/service.ts';
import type { RuleInput } from '../rules/schema.ts';
import { adminBase } from './paths.ts';
import { conditionsOf, legacyOf, ruleForm, ruleFromForm, type Posted, type RuleFormState } from './rule-form.ts';
import { contextOf, ruleIdOf } from './rules-grid.ts';

const posted = async (c: Context<AdminEnv>) => (await c.req.parseBody({ all: true })) as Posted;
const text = (form: Posted, name: string) => ([] as string[]).concat(form[name] ?? []).at(-1) ?? '';

/** The form again after the service refused it: what was posted, the message beside the field it names. */
async function refused(c: Context<AdminEnv>, title: string, form: Posted, action: string, error: AppError) {
  // The tree is shown as typed (it may not parse); the rest as posted.
  const rule = ruleFromForm({ ...form, conditions: '' }) as Partial<RuleInput>;
  const state: RuleFormState = { action, rule, conditionsText: text(form, 'conditions'), error };
  return renderPage(c, title, ruleForm(c, contextOf(c), state), { error: error.message, status: 400 });
}

/** Runs a save; an invalid rule is shown again with the service's message, anything else propagates. */
async function saving(c: Context<AdminEnv>, title: string, action: string, save: (input: unknown) => Promise<{ id: number }>, flash: string) {
  const form = await posted(c);
  try {
    const rule = await save(ruleFromForm(form));
    return c.redirect(`${adminBase}/rules/${rule.id}?flash=${flash}`, 303);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'invalid') return refused(c, title, form, action, error);
    throw error;
  }
}

const treeText = (conditions: unknown) => (conditions === null || conditions === undefined ? '' : JSON.stringify(conditions, null, 2));

/** The rule editor: create, edit, and the live "matches N products" count the tree editor asks for. */
export const ruleEditor = new Hono<AdminEnv>()
  .get('/new', (c) => renderPage(c, 'New B2B access rule', ruleForm(c, contextOf(c), { action: `${adminBase}/rules`, rule: {}, conditionsText: '' })))
  .post('/', (c) => saving(c, 'New B2B access rule', `${adminBase}/rules`, (input) => createRule(contextOf(c), input), 'created'))
  // JSON for the editor's script: the count over the default store's catalog, or the service's 400.
  .post('/preview-matches', async (c) => {
    const form = await posted(c);
    const answer = await countMatchingProducts(contextOf(c), { conditions: conditionsOf(text(form, 'conditions')), legacy: legacyOf(form) });
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  })
  .get('/:id', async (c) => {
    const rule = await getRule(contextOf(c), ruleIdOf(c));
    const state: RuleFormState = { action: `${adminBase}/rules/${rule.id}`, rule, conditionsText: treeText(rule.conditions) };
    return renderPage(
      c,
      `Rule: ${rule.name}`,
      html`${rule.malformed ? html`<p class="error" role="alert">This rule's condition tree is malformed and never matches: ${rule.malformed}</p>` : ''}
        <p><a href="${adminBase}/rules">All rules</a> · <a href="${adminBase}/rules/${rule.id}/delete">Delete</a></p>
        ${ruleForm(c, contextOf(c), state)}`,
      // A saved rule reaches the storefront through the connector (DECISIONS.md 62): the page follows it there.
      { storefrontSync: true },
    );
  })
  .post('/:id', async (c) => {
    const id = ruleIdOf(c);
    return saving(c, 'Edit B2B access rule', `${adminBase}/rules/${id}`, (input) => updateRule(contextOf(c), id, input), 'saved');
  });
