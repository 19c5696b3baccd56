/**
 * Paths the preview gate lets through without the cookie (DECISIONS.md 15): those of SPEC.md
 * Authentication 6 (agent discovery), static assets, the widget, the API proxy (the backend
 * authenticates), the management endpoints (they have their own secret) and the login form itself.
 */

import { hasControlCharacter } from '../http/safe-path.ts';

export const PREVIEW_LOGIN_PATH = '/preview-login';

const EXEMPT_EXACT = new Set(['/llms.txt', '/mcp', '/sitemap.xml', '/robots.txt', PREVIEW_LOGIN_PATH]);

/** Prefixes matched on a segment boundary (`/api` and `/api/...`, not `/apiary`). */
const EXEMPT_SEGMENTS = ['/api', '/sync', '/cache', '/freshness', '/pulse', '/admin', '/_astro'];

export function isGateExempt(pathname: string): boolean {
  if (EXEMPT_EXACT.has(pathname)) return true;
  // `/embed*`: the script, its product endpoint and the demo page (third-party pages have no cookie).
  if (pathname.startsWith('/.well-known/') || pathname.startsWith('/embed')) return true;
  // The freshness beacon script is a static asset of the pages.
  if (pathname === '/freshness.js') return true;
  return EXEMPT_SEGMENTS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Where to go after signing in: a root-relative path of this site, else the home page (never
 * another origin, never back to the form).
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (hasControlCharacter(value)) return '/';
  if (value === PREVIEW_LOGIN_PATH || value.startsWith(`${PREVIEW_LOGIN_PATH}?`)) return '/';
  return value;
}
