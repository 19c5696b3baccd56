import { createRoute, z } from '@hono/zod-openapi';
import { actorOf, moduleContext } from '../../../platform/modules/context.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, PagingQuery, collectionOf, errorResponses, jsonContent } from '../../../platform/http/schemas.ts';
import type { RegistrationConfig } from '../config.ts';
import { findApplication, listApplications } from '../service/applications.ts';
import { decideApplication } from '../service/decide.ts';
import { applicationStatuses } from '../tables.ts';

const contextOf = moduleContext<RegistrationConfig>('b2b-registration');
const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };

const ApplicationSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(applicationStatuses),
    customerId: z.number().int(),
    customerEmail: z.string(),
    customerApprovalStatus: z.string(),
    createdCustomer: z.boolean().openapi({ description: 'The account was created for this application (false: attached to an existing account)' }),
    formCode: z.string(),
    submissionId: z.number().int(),
    storeCode: z.string(),
    payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    fieldLabels: z.record(z.string(), z.string()).openapi({ description: "Each payload key's label on the form it was submitted through ({} for applications received before labels were kept)" }),
    attributes: z.record(z.string(), z.string()).openapi({ description: 'What the override map took from the payload' }),
    note: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable(),
  })
  .openapi('TradeApplication');

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 1 }) });
/** The decision's body; the admin page's decision form reads its note by it too (admin/index.ts). */
export const DecisionBody = z.object({ note: z.string().trim().max(2000, 'At most 2000 characters.').optional().openapi({ description: 'Kept on the application, quoted in the email and the audit log' }) }).strict().openapi('ApplicationDecision');
const ListQuery = PagingQuery.extend({
  status: z.enum(applicationStatuses).optional(),
  search: z.string().trim().min(1).max(100).optional().openapi({ description: "Part of the applicant's email or last name" }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/applications',
  tags: ['B2B Registration'],
  summary: 'Trade applications, newest first',
  security,
  request: { query: ListQuery },
  responses: { 200: jsonContent(collectionOf(ApplicationSchema, 'TradeApplications'), 'One page'), 400: errorResponses[400] },
});
const getRoute = createRoute({
  method: 'get',
  path: '/applications/{id}',
  tags: ['B2B Registration'],
  summary: 'One trade application with its payload',
  security,
  request: { params: IdParam },
  responses: { 200: jsonContent(ApplicationSchema, 'The application'), ...errorResponses },
});
const decisionRoute = (action: 'approve' | 'decline') =>
  createRoute({
    method: 'post',
    path: `/applications/{id}/${action}`,
    tags: ['B2B Registration'],
    summary:
      action === 'approve'
        ? 'Approve: account active, moved to the B2B group, approval email with a set-password link (one transaction)'
        : 'Decline: application declined, account rejected unless it was active before, decline email',
    security,
    request: { params: IdParam, body: { required: false, content: { 'application/json': { schema: DecisionBody } } } },
    responses: { 200: jsonContent(ApplicationSchema, 'The decided application'), ...errorResponses, 409: jsonContent(ErrorSchema, 'Already decided') },
  });

async function found(c: { var: AppEnv['Variables'] }, id: number) {
  const application = await findApplication(contextOf(c), id);
  if (!application) throw new AppError('not_found', 'application_not_found', 'No such application.');
  return application;
}

const router = createRouter<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { status, search, ...paging } = c.req.valid('query');
    return c.json(await listApplications(contextOf(c), { status, search }, paging), 200, noStore);
  })
  .openapi(getRoute, async (c) => c.json(await found(c, c.req.valid('param').id), 200, noStore));

for (const action of ['approve', 'decline'] as const) {
  router.openapi(decisionRoute(action), async (c) => {
    const { id } = c.req.valid('param');
    const body = (c.req.header('content-type') ?? '').includes('json') ? c.req.valid('json') : {};
    await decideApplication(contextOf(c), { applicationId: id, approve: action === 'approve', note: body.note || undefined, actor: actorOf(c) });
    return c.json(await found(c, id), 200, noStore);
  });
}

export const registrationAdminApi = router;
