/**
 * `POST /customforms/form/submit` on the storefront (DECISIONS.md 36): a form posted without
 * JavaScript. The form's schema is the one the page rendered from (KV), so the post becomes the
 * headless API's typed submission, sent with the visitor's signed IP (DECISIONS.md 41) through the
 * path the backend keeps open to the storefront even with the headless API off. Whatever happens,
 * the visitor gets a 303 back to the page the form is on, never off-site, and the outcome travels
 * in a sealed one-minute cookie that the page shows inline (flash.ts).
 *
 * Why the JSON API rather than relaying the form body to the backend's route of the same path:
 * the storefront must write the outcome into its own cookie on its own origin, which needs the
 * outcome as data, and the backend's route is the one for forms posted to the backend directly.
 */
import { BackendError, type BackendClient } from '../backend-client.ts';
import type { StoredForm } from '../content/schemas.ts';
import { MAX_BODY_BYTES } from '../http/read-json-body.ts';
import { sameOriginPath } from '../http/safe-path.ts';
import { isFormCode } from './directive.ts';
import { formFlashCookie, type FormFlash } from './flash.ts';
import { formOutcome, type FormOutcome } from './outcome.ts';
import { captchaTokenOf, payloadOf, typedValuesOf } from './payload.ts';

export interface NoJsSubmitOptions {
  client: Pick<BackendClient, 'submitForm'>;
  store: string;
  /** Reads a synced form by code (null when the page has none of that code). */
  formFor: (code: string) => Promise<StoredForm | null>;
  /** SESSION_SECRET: seals the outcome; without it the visitor comes back to the page without one. */
  flashSecret: string | undefined;
}

const UNAVAILABLE: FormOutcome = { ok: false, message: 'This form is not available right now. Please try again later.', errors: {} };

async function readForm(request: Request): Promise<FormData | null> {
  if (Number(request.headers.get('Content-Length') ?? '0') > MAX_BODY_BYTES) return null;
  return request.formData().catch(() => null);
}

function seeOther(location: string, cookie?: string): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  if (cookie) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

export async function submitWithoutScript(request: Request, options: NoJsSubmitOptions): Promise<Response> {
  const url = new URL(request.url);
  const data = await readForm(request);
  const returnTo = sameOriginPath(typeof data?.get('return_to') === 'string' ? String(data.get('return_to')) : null, url.origin)
    ?? sameOriginPath(request.headers.get('Referer'), url.origin)
    ?? '/';
  const code = data?.get('form_code');
  const form = typeof code === 'string' && isFormCode(code) ? await options.formFor(code) : null;
  if (!data || !form) return seeOther(returnTo);

  let outcome: FormOutcome;
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
      request.headers,
    );
    outcome = formOutcome(answer.status, answer.body);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    console.error('form submit: backend failed:', error.message);
    outcome = UNAVAILABLE;
  }
  if (!options.flashSecret) return seeOther(returnTo);
  const flash: FormFlash = { code: form.code, ...outcome, values: outcome.ok ? {} : typedValuesOf(form.fields, data) };
  const pagePath = new URL(returnTo, url.origin).pathname;
  return seeOther(returnTo, await formFlashCookie(options.flashSecret, flash, pagePath, url.protocol === 'https:'));
}
