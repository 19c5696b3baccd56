/**
 * What the edge cache may hold: only the guest view of catalog HTML (ARCHITECTURE.md: shared
 * storage never holds anything personal). Requests are checked before the cache is consulted,
 * responses before they are stored.
 */

/** Paths that are personal, dynamic or management: never looked up, never stored. */
const NEVER_CACHED = [
  '/cart',
  '/checkout',
  // Quick order: an app page like the cart, filled in by its island.
  '/quick-order',
  '/account',
  '/api',
  '/sync',
  '/cache',
  '/freshness',
  '/pulse',
  '/admin',
  '/media',
  '/preview-login',
  '/health',
  // Personal pages render the guest view and fill in client-side; search varies with every query.
  '/login',
  '/register',
  '/logout',
  '/search',
  // The guest order lookup (its answer is fetched client-side; the page itself stays out too).
  '/orders',
  // The widget's products carry the visitor's country (detectedCountry): one copy per URL would
  // hand every visitor the first one's. Browsers still keep it 5 minutes (its Cache-Control).
  '/embed',
];

/**
 * Cookie names that mark a signed-in or personal session (ours is `shop_session`, see
 * session/session-cookie.ts, and a form's outcome, `shop_form_flash`; the others are the names commerce front ends commonly use).
 * Analytics cookies do not match, so they keep the cache warm.
 */
const SESSION_COOKIE = /sess|auth|token|login|customer|cart|flash|^sid$/i;

/**
 * Marks a cacheable page whose body is finished per response on the way out (a form's fresh render
 * token, lib/forms/fresh-tokens.ts): it is stored and served from the cache, but never answered
 * with a 304, which would keep a browser's older copy in use.
 */
export const PER_RESPONSE_HEADER = 'X-Shop-Per-Response';

export type BypassReason = 'method' | 'path' | 'authorization' | 'session-cookie' | 'markdown';

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether a Cookie header holds a session cookie other than `own` (the storefront's, keyed by group instead). */
export function hasSessionCookie(cookieHeader: string | null, own?: string): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const name = pair.split('=')[0]?.trim() ?? '';
    return name !== own && SESSION_COOKIE.test(name);
  });
}

/**
 * Why a request must not use the edge cache, or null when it may. Markdown views (next issue)
 * bypass it as SPEC.md says; any mention of text/markdown is enough to stay on the safe side.
 * `ownSessionCookie` names the storefront's session cookie: its requests use the cache under their
 * customer group's key (edge-cache.ts) rather than bypassing it.
 */
export function bypassReason(request: Request, url: URL, ownSessionCookie?: string): BypassReason | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'method';
  // Read once: in workerd each read of a URL's part is a call into the runtime that copies a string.
  const { pathname } = url;
  if (NEVER_CACHED.some((prefix) => underPrefix(pathname, prefix))) return 'path';
  if (request.headers.has('Authorization')) return 'authorization';
  if (hasSessionCookie(request.headers.get('Cookie'), ownSessionCookie)) return 'session-cookie';
  if (pathname.endsWith('.md') || (request.headers.get('Accept') ?? '').includes('text/markdown')) return 'markdown';
  return null;
}

export function isHtml(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').startsWith('text/html');
}

/**
 * Whether a rendered response may be stored: a 200 that sets no cookie and that the route did not
 * mark private (e.g. a product rendered from a stub because the backend failed). HTML pages are
 * stored by default; any other document only when its route declares it `public` with a lifetime
 * (the agent documents: llms.txt, sitemap, robots, .well-known), so JSON answers never slip in.
 */
export function isStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has('Set-Cookie')) return false;
  if ((response.headers.get('Vary') ?? '').includes('*')) return false;
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return false;
  return isHtml(response) || (/\bpublic\b/i.test(cacheControl) && /\bmax-age=[1-9]/i.test(cacheControl));
}
