import { createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { moduleContext } from '../../../platform/modules/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { visitorStore } from './visitor-store.ts';
import type { FormsConfig } from '../config.ts';
import type { FormsEnv } from '../env.ts';
import { honeypotFieldOf } from '../forms/public-form.ts';
import { findForm } from '../forms/service.ts';
import { runPipeline } from '../submissions/pipeline.ts';
import { formBodyLimit } from './public-api.ts';

const contextOf = moduleContext<FormsConfig, FormsEnv>('custom-forms');
const CAPTCHA_FIELDS = ['cf-turnstile-response', 'h-captcha-response', 'g-recaptcha-response'];

const route = createRoute({
  method: 'post',
  path: '/customforms/form/submit',
  tags: ['Custom Forms'],
  summary: 'A form posted without JavaScript (form-encoded); 303 back to return_to with form and form_status in the query',
  middleware: [formBodyLimit] as const,
  responses: { 303: { description: 'Back to the page: form_status is sent, invalid or refused' }, 404: { description: 'Forms are switched off' } },
});

/** A same-site path to go back to; anything else (another host, `//host`, a scheme) is "/". */
function returnPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/';
}

/**
 * `POST /customforms/form/submit` (DECISIONS.md 36) for forms posted straight to the backend: the
 * same pipeline, then a 303 to the storefront page (STOREFRONT_URL + return_to) with the outcome in
 * the query. The storefront's own route of this path answers its pages with the outcome inline.
 */
export const formsNoJsRoutes = createRouter<AppEnv>().openapi(route, async (c) => {
  const ctx = contextOf(c);
  if (!(await ctx.config()).enabled) throw new AppError('not_found', 'not_found', `No route for ${c.req.method} ${c.req.path}.`);
  const body = await c.req.parseBody();
  const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
  const code = text('form_code');
  const form = await findForm(ctx, code);
  let status = 'sent';
  if (!form) status = 'refused';
  else {
    const payload: Record<string, unknown> = {};
    for (const field of form.fields) payload[field.key] = field.type === 'checkbox' ? field.key in body : text(field.key);
    try {
      await runPipeline(
        ctx,
        { formCode: code, payload, renderToken: text('render_token'), hp: text(honeypotFieldOf(form)), captchaToken: CAPTCHA_FIELDS.map(text).find(Boolean) },
        { clientIp: c.var.clientIp, store: await visitorStore(c) },
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      status = error.code === 'validation_failed' ? 'invalid' : 'refused';
    }
  }
  const target = new URL(returnPath(body.return_to), ctx.env.storefrontUrl ?? 'http://storefront.invalid');
  target.searchParams.set('form', code);
  target.searchParams.set('form_status', status);
  const location = ctx.env.storefrontUrl ? target.href : `${target.pathname}${target.search}`;
  return c.redirect(location, 303);
});
