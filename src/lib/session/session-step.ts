/**
 * The session step of the pipeline. A request carrying the session cookie is either signed in (the
 * cookie verifies) or a guest whose cookie is cleared on the way out (altered, expired, or signed
 * under another secret). The customer group in the cookie is confirmed with the backend at most once
 * a minute per shopper on page views, the same minute the backend lets caller-varying answers be
 * kept (DECISIONS.md 20): a customer moved to another group gets a re-issued cookie, one whose token
 * the backend refuses is signed out. Signed-in answers are private: no shared cache keeps them.
 */
import type { MiddlewareHandler } from 'astro';
import type { BackendClient } from '../backend-client.ts';
import { sessionForRequest, settleSession } from './current-session.ts';
import { clearedSessionCookie, isHttps, sessionCookie, sessionCookieValue } from './session-cookie.ts';
import { sealSession, type Session } from './session-token.ts';

/** How long a confirmed group is believed without asking the backend again. */
export const GROUP_RECHECK_MS = 60_000;
/** What browsers and intermediaries are told about a signed-in customer's page. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';

export interface SessionStepOptions {
  /** SESSION_SECRET; without a usable one every cookie is cleared and every request is a guest. */
  secret: string | undefined;
  client: BackendClient;
  storeFor: (url: URL) => string;
  now?: () => number;
}

function withHeader(response: Response, name: string, value: string): Response {
  const result = new Response(response.body, response);
  result.headers.append(name, value);
  return result;
}

/** Page views re-check the group; API calls, scripts and images never wait for the backend twice. */
function isPageView(request: Request, url: URL): boolean {
  return request.method === 'GET' && !/^\/(api|media|plugins|_astro)(\/|$)/.test(url.pathname);
}

/** The session with its group confirmed now, or null when the backend no longer accepts the token. */
async function recheck(options: SessionStepOptions, url: URL, session: Session, now: number): Promise<Session | null> {
  const customer = await options.client.signedInCustomer(options.storeFor(url), session.token);
  return customer === null ? null : { ...session, ...customer, checkedAt: now };
}

export function sessionStep(options: SessionStepOptions): MiddlewareHandler {
  const now = options.now ?? Date.now;

  return async function sessionStepHandler(context, next) {
    const { request, url } = context;
    if (sessionCookieValue(request) === null) return next();
    const secure = isHttps(url);
    let session = await sessionForRequest(request, options.secret);
    let setCookie: string | null = session ? null : clearedSessionCookie(secure);

    if (session && isPageView(request, url) && now() - session.checkedAt >= GROUP_RECHECK_MS) {
      try {
        const confirmed = await recheck(options, url, session, now());
        setCookie = confirmed ? sessionCookie(await sealSession(options.secret, confirmed), confirmed.expiresAt, secure, now()) : clearedSessionCookie(secure);
        session = confirmed;
        settleSession(request, session);
      } catch (error) {
        // Backend unreachable: the signed group stands (the page itself needs the backend anyway).
        console.error(`session: confirming the customer group failed: ${String(error)}`);
      }
    }

    let response = await next();
    if (session && (response.headers.get('Content-Type') ?? '').startsWith('text/html')) {
      response = new Response(response.body, response);
      response.headers.set('Cache-Control', SIGNED_IN_CACHE_CONTROL);
    }
    return setCookie ? withHeader(response, 'Set-Cookie', setCookie) : response;
  };
}
