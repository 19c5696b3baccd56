/**
 * The preview password gate step of the pipeline (DECISIONS.md 15). Off when no password is
 * configured. Otherwise a request needs the signed cookie unless its path is exempt: page requests
 * are sent to the login form, anything else gets 401 JSON.
 */
import type { Step } from '../pipeline/step.ts';
import { jsonError } from '../http/responses.ts';
import { isGateExempt, PREVIEW_LOGIN_PATH } from './gate-policy.ts';
import { readCookie } from '../http/cookies.ts';
import { PREVIEW_COOKIE, verifyPreviewToken } from './preview-cookie.ts';

export interface PasswordGateOptions {
  /** PREVIEW_PASSWORD; undefined turns the gate off. */
  password: string | undefined;
}

export async function hasPreviewAccess(request: Request, password: string): Promise<boolean> {
  const token = readCookie(request.headers.get('Cookie'), PREVIEW_COOKIE);
  return token !== null && (await verifyPreviewToken(password, token));
}

export function passwordGate({ password }: PasswordGateOptions): Step {
  if (!password) return function passwordGateOff(_context, next) {
    return next();
  };

  return async function passwordGateStep(context, next) {
    const { request, url } = context;
    if (isGateExempt(url.pathname) || (await hasPreviewAccess(request, password))) return next();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const login = new URL(PREVIEW_LOGIN_PATH, url);
      login.searchParams.set('next', `${url.pathname}${url.search}`);
      return new Response(null, {
        status: 302,
        headers: { Location: `${login.pathname}${login.search}`, 'Cache-Control': 'no-store' },
      });
    }
    return jsonError(401, 'preview_locked', 'This preview is password protected; sign in at /preview-login first.');
  };
}
