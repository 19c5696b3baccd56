import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { publicFormSchema } from '../../../../../contracts/custom-form.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonBody, jsonContent } from '../../../platform/http/schemas.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import { visitorStore } from './visitor-store.ts';
import type { FormsConfig } from '../config.ts';
import type { FormsEnv } from '../env.ts';
import { formCode } from '../forms/schema.ts';
import { publicFormAnswer } from '../forms/public-form.ts';
import { publicForm, runPipeline, tokenSecret } from '../submissions/pipeline.ts';

const contextOf = moduleContext<FormsConfig, FormsEnv>('custom-forms');
const tags = ['Custom Forms'];

/** Form bodies are small; anything larger is refused before it is read (413). */
const limitBody = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new AppError('invalid', 'payload_too_large', 'The submission is larger than 64 KB.');
  },
});
export const formBodyLimit = createMiddleware<AppEnv>((c, next) => limitBody(c, next));

/**
 * The headless API's gate (DECISIONS.md 35): the module switched off answers 404 to everyone; with
 * `headlessApi` off only the storefront's own calls get through (the forms it renders and the posts its
 * `/customforms/form/submit` forwards, platform/http/storefront-call.ts); a visitor's request through its
 * `/api/*` proxy is not one of them (DECISIONS.md 51).
 */
const headlessGate = createMiddleware<AppEnv>(async function headlessGate(c, next) {
  const config = await contextOf(c).config();
  if (!config.enabled || (!config.headlessApi && !c.var.fromStorefront)) throw new AppError('not_found', 'not_found', `No route for ${c.req.method} ${c.req.path}.`);
  await next();
});

const SubmissionBody = z
  .object({
    formCode: formCode,
    payload: z.record(z.string(), z.unknown()),
    renderToken: z.string().max(200),
    hp: z.string().max(2000).optional(),
    captchaToken: z.string().max(4096).optional(),
  })
  .openapi('CustomFormSubmission');

const SubmissionAnswer = z.object({ status: z.literal('ok'), message: z.string() }).openapi('CustomFormSubmissionAnswer');
const ValidationAnswer = ErrorSchema.extend({ status: z.literal('invalid'), errors: z.record(z.string(), z.string()) }).openapi('CustomFormValidationError');

const getForm = createRoute({
  method: 'get',
  path: '/custom-forms/{code}',
  tags,
  summary: 'A form\'s public schema with a render token signed now',
  middleware: [headlessGate] as const,
  request: { params: z.object({ code: formCode }) },
  responses: { 200: jsonContent(publicFormSchema, 'The form'), 404: jsonContent(ErrorSchema, 'Unknown or inactive form, or the API is off'), 503: jsonContent(ErrorSchema, 'forms_not_configured') },
});

const submit = createRoute({
  method: 'post',
  path: '/custom-form-submissions',
  tags,
  summary: 'Submit a form through the anti-spam pipeline (rate limit, honeypot, render token, captcha, then validation)',
  middleware: [formBodyLimit, headlessGate] as const,
  request: { body: jsonBody(SubmissionBody) },
  responses: {
    201: jsonContent(SubmissionAnswer, 'Saved (a honeypot catch answers the same and saves nothing)'),
    400: jsonContent(ErrorSchema, 'too_fast, invalid_token, captcha_failed or invalid_field'),
    404: jsonContent(ErrorSchema, 'Unknown or inactive form, or the API is off'),
    422: jsonContent(ValidationAnswer, 'validation_failed: errors per field key'),
    429: jsonContent(ErrorSchema, 'rate_limited (per address or per email)'),
    503: jsonContent(ErrorSchema, 'captcha_unavailable (failOpen off) or forms_not_configured'),
  },
});

/** The headless routes under /api/rest/v2 (the storefront proxies them as /api/custom-forms/{code} and /api/custom-form-submissions). */
export const formsPublicApi = createRouter<AppEnv>()
  .openapi(getForm, async (c) => {
    const ctx = contextOf(c);
    const form = await publicForm(ctx, c.req.valid('param').code);
    c.header('Cache-Control', 'no-store');
    return c.json(await publicFormAnswer(form, await ctx.config(), tokenSecret(ctx), ctx.clock()), 200);
  })
  .openapi(submit, async (c) => {
    const outcome = await runPipeline(contextOf(c), c.req.valid('json'), { clientIp: c.var.clientIp, store: await visitorStore(c) });
    return c.json(outcome, 201);
  });
