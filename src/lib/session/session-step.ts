/**
 * The session step of the pipeline. A request carrying the session cookie is either signed in (the
 * cookie verifies) or a guest whose cookie is cleared on the way out (altered, expired, or signed
 * under another secret). The customer group (and country) in the cookie is confirmed with the backend at most once
 * a minute per shopper on page views, the same minute the backend lets caller-varying answers be
 * kept (DECISIONS.md 20): a customer moved to another group gets a re-issued cookie, one whose token
 * the backend refuses is signed out. Signed-in pages are private for browsers (the edge keeps them
 * only as their customer group's copy, edge-cache.ts) and greet the customer by name.
 */
import type { Step } from '../pipeline/step.ts';
import type { BackendClient } from '../backend-client.ts';
import { withCustomerName } from './customer-name.ts';
import { resolveSession, settleSession } from './session-memo.ts';
import { clearedSessionCookie, isHttps, SESSION_COOKIE, sessionCookie, sessionCookieValue } from './session-cookie.ts';
import { sealSession, type Session } from './session-token.ts';

/** How long a confirmed group is believed without asking the backend again. */
export const GROUP_RECHECK_MS = 60_000;
/** What browsers and intermediaries are told about a signed-in customer's page. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';

export interface SessionStepOptions {
  /** SESSION_SECRET; without a usable one every cookie is cleared and every request is a guest. */
  secret: string | undefined;
  client: Pick<BackendClient, 'signedInCustomer'>;
  storeFor: (url: URL) => string;
  now?: () => number;
}

function withHeader(response: Response, name: string, value: string): Response {
  const result = new Response(response.body, response);
  result.headers.append(name, value);
  return result;
}

/**
 * Whether a session's group, country and view key are due for confirmation with the backend: a minute
 * after the last, or at once for a cookie sealed before sessions carried the country or the view key
 * (a price-list buyer's pages must never be stored as their group's).
 */
export function recheckDue(session: Session, now: number): boolean {
  return now - session.checkedAt >= GROUP_RECHECK_MS || session.country === undefined || session.viewKey === undefined;
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

/** Who a request with a session cookie is after this step, and the Set-Cookie it calls for. */
export interface SessionOutcome {
  session: Session | null;
  setCookie: string | null;
}

/**
 * Decides a request's session (see the file comment) and records it for `sessionForRequest`. Only
 * for requests that carry the cookie; the others are guests with nothing to say.
 */
export async function settleRequestSession(request: Request, url: URL, options: SessionStepOptions): Promise<SessionOutcome> {
  const now = options.now ?? Date.now;
  const secure = isHttps(url);
  const session = await resolveSession(request, options.secret, now());
  if (!session) return { session: null, setCookie: clearedSessionCookie(secure) };
  if (!isPageView(request, url) || !recheckDue(session, now())) return { session, setCookie: null };
  let confirmed: Session | null;
  try {
    confirmed = await recheck(options, url, session, now());
  } catch (error) {
    // Backend unreachable: the signed group stands (the page itself needs the backend anyway).
    console.error(`session: confirming the customer group failed: ${String(error)}`);
    return { session, setCookie: null };
  }
  settleSession(request, confirmed);
  if (!confirmed) return { session: null, setCookie: clearedSessionCookie(secure) };
  return { session: confirmed, setCookie: sessionCookie(await sealSession(options.secret, confirmed), confirmed.expiresAt, secure, now()) };
}

export function sessionStep(options: SessionStepOptions): Step {
  return async function sessionStepHandler(context, next) {
    const { request, url } = context;
    if (sessionCookieValue(request) === null) return next();
    const { session, setCookie } = await settleRequestSession(request, url, options);

    let response = await next();
    if (session && (response.headers.get('Content-Type') ?? '').startsWith('text/html')) {
      response = withCustomerName(new Response(response.body, response), session.firstName);
      response.headers.set('Cache-Control', SIGNED_IN_CACHE_CONTROL);
    }
    // A route that set or cleared the cookie itself (the sign-out page, a sign-in) has the last word.
    const routeDecided = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    return setCookie && !routeDecided ? withHeader(response, 'Set-Cookie', setCookie) : response;
  };
}
