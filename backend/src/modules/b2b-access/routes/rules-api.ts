import { createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonContent, PagingQuery } from '../../../platform/http/schemas.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { AccessConfig } from '../config.ts';
import { createRule, deleteRule, duplicateRule, getRule, listRules, reorderRules, setRuleActive, updateRule } from '../rules/service.ts';
import { ReorderBody, RuleBody, RuleId, RuleList, RuleView } from './wire.ts';

const contextOf = moduleContext<AccessConfig>('b2b-access');
const tags = ['B2B Access'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: jsonContent(ErrorSchema, 'invalid_field, with details.field the dotted path inside the rule (e.g. conditions.conditions.1.operator)'),
  401: jsonContent(ErrorSchema, 'No admin token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
};
const notFound = { 404: jsonContent(ErrorSchema, 'No rule with this id') };
const params = z.object({ id: RuleId });
const body = { required: true, content: { 'application/json': { schema: RuleBody } } };

const list = createRoute({
  method: 'get',
  path: '/rules',
  tags,
  security,
  summary: 'B2B access rules, by priority then id',
  request: { query: PagingQuery.extend({ search: z.string().max(200).optional().openapi({ description: 'Part of the rule name.' }) }) },
  responses: { 200: jsonContent(RuleList, 'A page of rules'), ...errors },
});
const create = createRoute({ method: 'post', path: '/rules', tags, security, summary: 'Create a rule', request: { body }, responses: { 201: jsonContent(RuleView, 'The rule'), ...errors } });
const read = createRoute({ method: 'get', path: '/rules/{id}', tags, security, summary: 'One rule', request: { params }, responses: { 200: jsonContent(RuleView, 'The rule'), ...errors, ...notFound } });
const replace = createRoute({
  method: 'put',
  path: '/rules/{id}',
  tags,
  security,
  summary: 'Replace a rule (the whole rule)',
  request: { params, body },
  responses: { 200: jsonContent(RuleView, 'The rule'), ...errors, ...notFound },
});
const remove = createRoute({ method: 'delete', path: '/rules/{id}', tags, security, summary: 'Delete a rule', request: { params }, responses: { 204: { description: 'Deleted' }, ...errors, ...notFound } });
const duplicate = createRoute({
  method: 'post',
  path: '/rules/{id}/duplicate',
  tags,
  security,
  summary: 'Copy a rule: "<name> (copy)", inactive, right after the original',
  request: { params },
  responses: { 201: jsonContent(RuleView, 'The copy'), ...errors, ...notFound },
});
const toggle = (isActive: boolean) =>
  createRoute({
    method: 'post',
    path: `/rules/{id}/${isActive ? 'activate' : 'deactivate'}`,
    tags,
    security,
    summary: isActive ? 'Activate a rule' : 'Deactivate a rule',
    request: { params },
    responses: { 200: jsonContent(RuleView, 'The rule'), ...errors, ...notFound },
  });
const reorder = createRoute({
  method: 'post',
  path: '/rules/reorder',
  tags,
  security,
  summary: 'Set priorities 10, 20, 30… in the order given',
  request: { body: { required: true, content: { 'application/json': { schema: ReorderBody } } } },
  responses: { 200: jsonContent(z.object({ member: z.array(RuleView) }), 'The reordered rules'), ...errors },
});

/** `/api/rest/v2/admin/b2b-access/rules…` (the core checks the admin token); every change is audited by the service. */
export const rulesApi = createRouter<AppEnv>()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    return c.json({ ...(await listRules(contextOf(c), query)), page: query.page, itemsPerPage: query.itemsPerPage }, 200);
  })
  // The body is the service's to validate: its errors name the path inside the rule.
  .openapi(create, async (c) => c.json(await createRule(contextOf(c), c.req.valid('json')), 201))
  .openapi(reorder, async (c) => c.json({ member: await reorderRules(contextOf(c), c.req.valid('json').ids) }, 200))
  .openapi(read, async (c) => c.json(await getRule(contextOf(c), c.req.valid('param').id), 200))
  .openapi(replace, async (c) => c.json(await updateRule(contextOf(c), c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(remove, async (c) => {
    await deleteRule(contextOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(duplicate, async (c) => c.json(await duplicateRule(contextOf(c), c.req.valid('param').id), 201))
  .openapi(toggle(true), async (c) => c.json(await setRuleActive(contextOf(c), c.req.valid('param').id, true), 200))
  .openapi(toggle(false), async (c) => c.json(await setRuleActive(contextOf(c), c.req.valid('param').id, false), 200));
