/**
 * `POST /customforms/form/submit` on the storefront (DECISIONS.md 36, 51): every form on its pages
 * posts here, with or without JavaScript. The form's schema is the one the page rendered from (KV),
 * so the post becomes the headless API's typed submission, sent server to server as the storefront's
 * own call with the visitor's signed IP (DECISIONS.md 41): it works with the headless API off, which
 * closes `/api/custom-form-submissions` to visitors.
 *
 * The answer follows what the request asks for. The enhancement script asks for `application/json`
 * and gets the backend's answer (its status and `{status, message}` or `{error, message, errors}`),
 * shown in place. A plain form post gets a 303 back to the page the form is on, never off-site, with
 * the outcome in a sealed one-minute cookie that the page shows inline (flash.ts).
 *
 * Why the JSON API rather than relaying the form body to the backend's route of the same path:
 * the storefront must write the outcome into its own cookie on its own origin, which needs the
 * outcome as data, and the backend's route is the one for forms posted to the backend directly.
 */
import { parseAccept } from '../agents/markdown-request.ts';
import { BackendError, type BackendClient } from '../backend-client.ts';
import type { StoredForm } from '../content/schemas.ts';
import { MAX_BODY_BYTES } from '../http/read-json-body.ts';
import { json, jsonError } from '../http/responses.ts';
import { sameOriginPath } from '../http/safe-path.ts';
import { isFormCode } from './directive.ts';
import { formFlashCookie, type FormFlash } from './flash.ts';
import { formOutcome, type FormOutcome } from './outcome.ts';
import { captchaTokenOf, payloadOf, typedValuesOf } from './payload.ts';

export interface FormPostOptions {
  client: Pick<BackendClient, 'submitForm'>;
  store: string;
  /** Reads a synced form by code (null when the page has none of that code). */
  formFor: (code: string) => Promise<StoredForm | null>;
  /** SESSION_SECRET: seals the outcome; without it the visitor comes back to the page without one. */
  flashSecret: string | undefined;
}

const UNAVAILABLE: FormOutcome = { ok: false, message: 'This form is not available right now. Please try again later.', errors: {} };

/** JSON when the request names `application/json` (q > 0) and does not prefer HTML; a browser's form post never does. */
export function wantsJson(accept: string | null): boolean {
  const ranges = parseAccept(accept);
  const q = (type: string) => Math.max(0, ...ranges.filter((range) => range.type === type).map((range) => range.q));
  return q('application/json') > 0 && q('application/json') >= q('text/html');
}

async function readForm(request: Request): Promise<FormData | null> {
  if (Number(request.headers.get('Content-Length') ?? '0') > MAX_BODY_BYTES) return null;
  return request.formData().catch(() => null);
}

function seeOther(location: string, cookie?: string): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  if (cookie) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** The backend's answer, or null when it failed (unreachable, timed out, a 5xx or a body that is not JSON). */
async function submit(options: FormPostOptions, form: StoredForm, data: FormData, incoming: Headers): Promise<{ status: number; body: unknown } | null> {
  try {
    const answer = await options.client.submitForm(
      options.store,
      {
        formCode: form.code,
        payload: payloadOf(form.fields, data),
        renderToken: String(data.get('render_token') ?? ''),
        hp: String(data.get(form.honeypotField) ?? ''),
        captchaToken: captchaTokenOf(data),
      },
      incoming,
    );
    return answer.status >= 500 || answer.body === null ? null : answer;
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    console.error('form submit: backend failed:', error.message);
    return null;
  }
}

export async function submitFormPost(request: Request, options: FormPostOptions): Promise<Response> {
  const url = new URL(request.url);
  const asJson = wantsJson(request.headers.get('Accept'));
  const data = await readForm(request);
  const code = data?.get('form_code');
  const form = typeof code === 'string' && isFormCode(code) ? await options.formFor(code) : null;
  if (asJson) {
    if (!data) return jsonError(400, 'invalid_body', 'Send the form as application/x-www-form-urlencoded or multipart/form-data, under 1 MiB.');
    if (!form) return jsonError(404, 'form_not_found', 'This form is not available any more.');
    const answer = await submit(options, form, data, request.headers);
    return answer === null ? jsonError(502, 'backend_failed', UNAVAILABLE.message) : json(answer.body, answer.status);
  }

  const returnTo = sameOriginPath(typeof data?.get('return_to') === 'string' ? String(data.get('return_to')) : null, url.origin)
    ?? sameOriginPath(request.headers.get('Referer'), url.origin)
    ?? '/';
  if (!data || !form) return seeOther(returnTo);
  const answer = await submit(options, form, data, request.headers);
  const outcome = answer === null ? UNAVAILABLE : formOutcome(answer.status, answer.body);
  if (!options.flashSecret) return seeOther(returnTo);
  const flash: FormFlash = { code: form.code, ...outcome, values: outcome.ok ? {} : typedValuesOf(form.fields, data) };
  const pagePath = new URL(returnTo, url.origin).pathname;
  return seeOther(returnTo, await formFlashCookie(options.flashSecret, flash, pagePath, url.protocol === 'https:'));
}
