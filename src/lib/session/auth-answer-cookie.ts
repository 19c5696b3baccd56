/**
 * Signing in through the storefront sets the session cookie; signing out clears it (DECISIONS.md 31).
 * The proxy hands every `/api/*` answer here: a successful customer token issued by `/api/auth/login`
 * or `/api/auth/token` (the password grant, and the refresh grant that keeps the session as long as
 * the browser keeps its tokens) for a call made from the shop's own pages gets the cookie; an
 * `/api/auth/logout` answer clears it. Calls from anywhere else (API clients, other sites) never get
 * one: a session cookie is only for the shop's own pages.
 */
import { z } from 'zod';
import type { BackendClient } from '../backend-client.ts';
import { clearedSessionCookie, isHttps, sessionCookie } from './session-cookie.ts';
import { MIN_SESSION_SECRET_LENGTH, sealSession } from './session-token.ts';

const SIGN_IN_PATHS = new Set(['/api/auth/login', '/api/auth/token']);
const SIGN_OUT_PATH = '/api/auth/logout';

/** The part of a token answer (DECISIONS.md 24) the cookie needs. */
const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  scope: z.string().default(''),
});

export interface AuthAnswerOptions {
  secret: string | undefined;
  client: Pick<BackendClient, 'signedInCustomer'>;
  store: string;
  now?: number;
}

/** A browser on one of the shop's own pages: its fetch says so in Origin (or Sec-Fetch-Site). */
export function isOwnOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('Origin');
  if (origin !== null) return origin === url.origin;
  return request.headers.get('Sec-Fetch-Site') === 'same-origin';
}

function withSetCookie(response: Response, cookie: string): Response {
  const result = new Response(response.body, response);
  result.headers.append('Set-Cookie', cookie);
  return result;
}

/** The Set-Cookie of a sign-in answer, or null when this answer does not start a shop session. */
async function signInCookie(response: Response, url: URL, options: AuthAnswerOptions): Promise<string | null> {
  // A body that is not JSON is no token answer: null fails the schema like any other non-answer.
  const parsed = tokenAnswerSchema.safeParse(await response.clone().json().catch(() => null));
  if (!parsed.success || !parsed.data.scope.split(' ').includes('customer')) return null;
  const customer = await options.client.signedInCustomer(options.store, parsed.data.access_token);
  if (!customer) return null;
  const now = options.now ?? Date.now();
  const expiresAt = now + parsed.data.expires_in * 1000;
  const value = await sealSession(options.secret, { token: parsed.data.access_token, ...customer, expiresAt, checkedAt: now });
  return sessionCookie(value, expiresAt, isHttps(url), now);
}

/** The proxied answer, with the session cookie set or cleared when it is a sign-in or sign-out. */
export async function withSessionFromAuthAnswer(request: Request, url: URL, response: Response, options: AuthAnswerOptions): Promise<Response> {
  if (request.method !== 'POST') return response;
  if (url.pathname === SIGN_OUT_PATH) return withSetCookie(response, clearedSessionCookie(isHttps(url)));
  const secretUsable = (options.secret?.length ?? 0) >= MIN_SESSION_SECRET_LENGTH;
  if (!SIGN_IN_PATHS.has(url.pathname) || response.status !== 200 || !secretUsable || !isOwnOrigin(request, url)) return response;
  try {
    const cookie = await signInCookie(response, url, options);
    return cookie ? withSetCookie(response, cookie) : response;
  } catch (error) {
    // The sign-in itself succeeded; pages stay the guest view until the next sign-in or renewal.
    console.error(`session: no cookie for this sign-in: ${String(error)}`);
    return response;
  }
}
