/**
 * The store-wide login wall of B2B Access (DECISIONS.md 43), as a pure policy: which paths a guest
 * is sent away from and where to. Behind the wall a guest may open only the sign-in, registration,
 * password and trade-application pages, the wall's target and the merchant's exempt pages; the
 * endpoints that are not pages (API proxy, management, agent discovery, media, plugin scripts)
 * keep their own rules, and `/sitemap.xml` and `/llms.txt` list only the open pages instead.
 */
import { markdownSuffixTarget } from '../agents/markdown-request.ts';
import { signInHref } from '../catalog/b2b-manifests.ts';
import type { LoginWall } from '../content/schemas.ts';
import { isGateExempt } from './gate-policy.ts';

/** Pages of the storefront itself a guest needs to get past the wall. */
export const ACCOUNT_ENTRY_PATHS = ['/login', '/register', '/account/forgot-password', '/account/set-password', '/logout'] as const;

/** Non-page routes the preview gate does not cover either (they are not pages of the store). */
const NON_PAGE_SEGMENTS = ['/media', '/plugins', '/health'];

export interface WallContext {
  wall: LoginWall;
  /** The trade-account application page (B2B Registration), when it is on. */
  applyPath: string | null;
}

/** The page paths a guest may open behind the wall. */
export function openPagePaths({ wall, applyPath }: WallContext): Set<string> {
  return new Set<string>([...ACCOUNT_ENTRY_PATHS, wall.redirectTo, ...wall.exemptPaths, ...(applyPath ? [applyPath] : [])]);
}

/** Routes the wall never covers (not pages of the store), known without reading the store config. */
export function isOutsideWall(pathname: string): boolean {
  return isGateExempt(pathname) || NON_PAGE_SEGMENTS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Where the wall sends a guest asking for `url` (its target with `returnTo`), or null when the path
 * is open. A markdown URL (`/women.md`) is walled like its page.
 */
export function wallRedirect(url: URL, context: WallContext): string | null {
  if (isOutsideWall(url.pathname)) return null;
  const page = markdownSuffixTarget(url.pathname) ?? url.pathname;
  if (openPagePaths(context).has(page)) return null;
  return signInHref(context.wall.redirectTo, `${url.pathname}${url.search}`);
}
