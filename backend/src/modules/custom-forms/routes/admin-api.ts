import { createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonBody, jsonContent, PagingQuery } from '../../../platform/http/schemas.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import type { FormsConfig } from '../config.ts';
import type { FormsEnv } from '../env.ts';
import { FormBody, formCode, FormView } from '../forms/schema.ts';
import { createForm, deleteForm, getForm, listForms, updateForm } from '../forms/service.ts';
import { submissionsCsv } from '../submissions/csv.ts';
import { allSubmissions, deleteSubmission, getSubmission, listSubmissions, spamLog } from '../submissions/service.ts';
import { blockReasons } from '../tables.ts';

const contextOf = moduleContext<FormsConfig, FormsEnv>('custom-forms');
const tags = ['Custom Forms'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: jsonContent(ErrorSchema, 'invalid_field, with details.field the dotted path'),
  401: jsonContent(ErrorSchema, 'No admin token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
};
const notFound = { 404: jsonContent(ErrorSchema, 'No such form or submission') };
const codeParam = z.object({ code: formCode });
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD.');

const Submission = z
  .object({ id: z.number().int(), formCode: z.string(), storeCode: z.string(), payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])), createdAt: z.string() })
  .openapi('CustomFormSubmissionRecord');
const pageOf = <T extends z.ZodType>(member: T) => z.object({ member: z.array(member), totalItems: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int() });

const listRoute = createRoute({
  method: 'get',
  path: '/forms',
  tags,
  security,
  summary: 'Forms, by code',
  request: { query: PagingQuery.extend({ search: z.string().max(200).optional() }) },
  responses: { 200: jsonContent(pageOf(FormView), 'A page of forms'), ...errors },
});
const createRouteDef = createRoute({ method: 'post', path: '/forms', tags, security, summary: 'Create a form', request: { body: jsonBody(FormBody) }, responses: { 201: jsonContent(FormView, 'The form'), 409: jsonContent(ErrorSchema, 'form_exists'), ...errors } });
const readRoute = createRoute({ method: 'get', path: '/forms/{code}', tags, security, summary: 'One form', request: { params: codeParam }, responses: { 200: jsonContent(FormView, 'The form'), ...errors, ...notFound } });
const replaceRoute = createRoute({
  method: 'put',
  path: '/forms/{code}',
  tags,
  security,
  summary: 'Replace a form (its code stays)',
  request: { params: codeParam, body: jsonBody(FormBody) },
  responses: { 200: jsonContent(FormView, 'The form'), ...errors, ...notFound },
});
const deleteRoute = createRoute({ method: 'delete', path: '/forms/{code}', tags, security, summary: 'Delete a form with its submissions', request: { params: codeParam }, responses: { 204: { description: 'Deleted' }, ...errors, ...notFound } });
const submissionsRoute = createRoute({
  method: 'get',
  path: '/forms/{code}/submissions',
  tags,
  security,
  summary: 'Submissions of a form, newest first; format=csv exports every match (UTF-8 with BOM, formulas neutralised)',
  request: {
    params: codeParam,
    query: PagingQuery.extend({ search: z.string().max(200).optional(), from: date.optional(), to: date.optional(), format: z.enum(['json', 'csv']).default('json') }),
  },
  responses: { 200: { description: 'A page of submissions, or the CSV', content: { 'application/json': { schema: pageOf(Submission) }, 'text/csv': { schema: z.string() } } }, ...errors, ...notFound },
});
const submissionParams = codeParam.extend({ id: z.coerce.number().int().min(1) });
const submissionRoute = createRoute({ method: 'get', path: '/forms/{code}/submissions/{id}', tags, security, summary: 'One submission', request: { params: submissionParams }, responses: { 200: jsonContent(Submission, 'The submission'), ...errors, ...notFound } });
const deleteSubmissionRoute = createRoute({
  method: 'delete',
  path: '/forms/{code}/submissions/{id}',
  tags,
  security,
  summary: 'Delete a submission',
  request: { params: submissionParams },
  responses: { 204: { description: 'Deleted' }, ...errors, ...notFound },
});
const spamRoute = createRoute({
  method: 'get',
  path: '/spam',
  tags,
  security,
  summary: 'The spam log: blocked attempts with their reason, newest first, and counts per day and reason (30 days)',
  request: { query: PagingQuery.extend({ formCode: formCode.optional() }) },
  responses: {
    200: jsonContent(
      pageOf(z.object({ id: z.number().int(), formCode: z.string(), reason: z.enum(blockReasons), clientIp: z.string(), createdAt: z.string() })).extend({
        perDay: z.array(z.object({ day: z.string(), reason: z.enum(blockReasons), count: z.number().int() })),
      }),
      'A page of the log',
    ),
    ...errors,
  },
});

/** `/api/rest/v2/admin/custom-forms/...` (the core checks the admin token and serves /config). */
export const formsAdminApi = createRouter<AppEnv>()
  .openapi(listRoute, async (c) => c.json(await listForms(contextOf(c), c.req.valid('query')), 200))
  .openapi(createRouteDef, async (c) => c.json(await createForm(contextOf(c), c.req.valid('json')), 201))
  .openapi(readRoute, async (c) => c.json(await getForm(contextOf(c), c.req.valid('param').code), 200))
  .openapi(replaceRoute, async (c) => c.json(await updateForm(contextOf(c), c.req.valid('param').code, c.req.valid('json')), 200))
  .openapi(deleteRoute, async (c) => {
    await deleteForm(contextOf(c), c.req.valid('param').code);
    return c.body(null, 204);
  })
  .openapi(submissionsRoute, async (c) => {
    const ctx = contextOf(c);
    const { code } = c.req.valid('param');
    const { format, page, itemsPerPage, ...filter } = c.req.valid('query');
    const form = await getForm(ctx, code);
    if (format === 'csv') {
      const csv = submissionsCsv(form.fields, await allSubmissions(ctx, code, filter));
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${code}-submissions.csv"` });
    }
    return c.json(await listSubmissions(ctx, code, filter, { page, itemsPerPage }), 200);
  })
  .openapi(submissionRoute, async (c) => {
    const { code, id } = c.req.valid('param');
    return c.json(await getSubmission(contextOf(c), code, id), 200);
  })
  .openapi(deleteSubmissionRoute, async (c) => {
    const { code, id } = c.req.valid('param');
    await deleteSubmission(contextOf(c), code, id);
    return c.body(null, 204);
  })
  .openapi(spamRoute, async (c) => {
    const { formCode: code, ...paging } = c.req.valid('query');
    return c.json(await spamLog(contextOf(c), code, paging), 200);
  });
