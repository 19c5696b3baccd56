import { createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonContent } from '../../../platform/http/schemas.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { AccessConfig } from '../config.ts';
import { explainAccess } from '../explain.ts';
import { OPERATORS_BY_TYPE, productAttributeCatalog } from '../rules/attributes.ts';
import { countMatchingProducts } from '../rules/matches.ts';
import { AttributeCatalog, ExplainAnswer, ExplainQuery, PreviewAnswer, PreviewBody } from './wire.ts';

const contextOf = moduleContext<AccessConfig>('b2b-access');
const tags = ['B2B Access'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: jsonContent(ErrorSchema, 'Invalid input, naming the field'),
  401: jsonContent(ErrorSchema, 'No admin token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
};

const preview = createRoute({
  method: 'post',
  path: '/rules/preview-matches',
  tags,
  security,
  summary: 'The live "matches N products" count of a rule being edited (default store)',
  request: { body: { required: true, content: { 'application/json': { schema: PreviewBody } } } },
  responses: { 200: jsonContent(PreviewAnswer, 'How many products the matching selects, with a sample'), ...errors },
});

const attributes = createRoute({
  method: 'get',
  path: '/attributes',
  tags,
  security,
  summary: 'What rule conditions can test: attributes with their type, options and operators',
  responses: { 200: jsonContent(AttributeCatalog, 'The attributes'), ...errors },
});

const explain = createRoute({
  method: 'get',
  path: '/explain',
  tags,
  security,
  summary: 'Which rule decided each context for a product and a customer group, and why earlier rules did not fire',
  request: { query: ExplainQuery },
  responses: { 200: jsonContent(ExplainAnswer, 'The decision, per context'), ...errors, 404: jsonContent(ErrorSchema, 'No product with this SKU, or no such store') },
});

/** The rule editor's helpers and the explain tool, under `/api/rest/v2/admin/b2b-access` (admin token). */
export const toolsApi = createRouter<AppEnv>()
  .openapi(preview, async (c) => {
    const body = c.req.valid('json');
    return c.json(await countMatchingProducts(contextOf(c), { conditions: body.conditions, legacy: body.legacy }), 200);
  })
  .openapi(attributes, async (c) => c.json({ member: await productAttributeCatalog(contextOf(c)), operatorsByType: OPERATORS_BY_TYPE }, 200))
  .openapi(explain, async (c) => c.json(await explainAccess(contextOf(c), c.req.valid('query')), 200));
