/**
 * Headers every storefront response carries, added by the worker entry (src/worker.ts) to every answer.
 * Static assets get the Link header and nosniff from public/_headers (they never reach the worker).
 */

import { TDM_RESERVATION_HEADER, TDM_RESERVATION_VALUE } from '../agents/tdm.ts';
import { ISLAND_SCRIPT_HASHES, ISLAND_STYLE_HASH } from './island-script-hashes.ts';

/** SPEC.md: every response advertises the API catalog (RFC 9727). */
export const API_CATALOG_LINK = '</.well-known/api-catalog>; rel="api-catalog"';

/**
 * Scripts are limited to our own files, plus the island bootstrap scripts Astro inlines, each
 * allowed by its hash (never 'unsafe-inline'; see island-script-hashes.ts), as is their one
 * style element. Styles: stylesheets
 * only from our origin, but style *attributes* are allowed (`style-src-attr`): the layout sets the
 * store's accent colour in one, and merchant HTML (CMS pages, product descriptions) routinely
 * carries them. An attribute styles only its own element (no selectors, no @import), so this keeps
 * the useful part of a strict style policy; browsers without CSP 3 fall back to `style-src 'self'`
 * and simply show the default accent. Images may come from the backend or a CDN over HTTPS.
 */
/** Third-party origins one page adds to the policy (a captcha provider on a page with its form). */
export interface PolicyAdditions {
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
  style?: readonly string[];
}

const joined = (base: string, extra: readonly string[] = []) => [base, ...extra].join(' ');

/** The policy, with a page's additions; every other page uses CONTENT_SECURITY_POLICY. */
export function contentSecurityPolicy(add: PolicyAdditions = {}): string {
  return [
    "default-src 'self'",
    joined(`script-src 'self' ${ISLAND_SCRIPT_HASHES.join(' ')}`, add.script),
    joined(`style-src 'self' ${ISLAND_STYLE_HASH}`, add.style),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    joined("connect-src 'self'", add.connect),
    ...(add.frame?.length ? [joined("frame-src 'self'", add.frame)] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

const BASELINE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // frame-ancestors is the rule; this is for browsers that predate it.
  'X-Frame-Options': 'SAMEORIGIN',
};

/** A year, without includeSubDomains: a merchant's other subdomains may not all serve HTTPS. */
const HSTS = 'max-age=31536000';

function applyStandardHeaders(headers: Headers, url: URL): void {
  // Appended, as a route may link other things; once, as a proxied answer may carry it already.
  if (!headers.get('Link')?.includes('rel="api-catalog"')) headers.append('Link', API_CATALOG_LINK);
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (url.protocol === 'https:') headers.set('Strict-Transport-Security', HSTS);
  // The text-and-data-mining reservation of robots.txt, where crawlers of pages look (TDMRep).
  if ((headers.get('Content-Type') ?? '').startsWith('text/html')) headers.set(TDM_RESERVATION_HEADER, TDM_RESERVATION_VALUE);
}

/**
 * The response with the standard headers applied; a header the route already set (e.g. a proxied
 * backend page's own CSP) is kept. Every response passes here, so the headers are changed in place
 * when they may be (the storefront's own answers: each one made for its request), and a copy is made
 * only of a response whose headers are immutable (a `fetch` answer, `Response.redirect`), which
 * refuses the first change.
 */
export function withStandardHeaders(response: Response, url: URL): Response {
  try {
    applyStandardHeaders(response.headers, url);
    return response;
  } catch {
    const result = new Response(response.body, response);
    applyStandardHeaders(result.headers, url);
    return result;
  }
}
