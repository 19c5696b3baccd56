/**
 * What a catch-all path names, in the decided order: a category by its urlPath, else a product
 * by its urlKey (`/{urlKey}`), else a CMS page by its identifier. Null means 404.
 */
import type { ContentStore } from '../content/content-store.ts';
import type { CategoryNode, CmsPage, Product } from '../content/schemas.ts';
import { categoryHref, categoryTrailByPathIgnoringCase, trimSlashes } from './category-tree.ts';

export type ResolvedPage =
  | { kind: 'category'; category: CategoryNode; trail: CategoryNode[] }
  | { kind: 'product'; product: Product }
  | { kind: 'cms'; page: CmsPage };

/** CMS pages that have their own place (the home page, the 404 page) and no URL of their own. */
export const RESERVED_CMS_IDENTIFIERS: ReadonlySet<string> = new Set(['home', 'no-route']);

/** KV keys are at most 512 bytes; a longer path can name nothing. */
const MAX_SLUG_LENGTH = 400;

/**
 * The decoded path without surrounding slashes ("women/tops"), or null when it cannot name
 * content: malformed percent-encoding, empty segments ("a//b"), dot segments, control characters.
 */
export function pathToSlug(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const slug = trimSlashes(decoded);
  if (slug === '' || slug.length > MAX_SLUG_LENGTH) return null;
  const segments = slug.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  for (const char of slug) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return null;
  }
  return slug;
}

/** Root-relative URL of a CMS page: its identifier, each segment encoded (the inverse of pathToSlug). */
export function cmsHref(identifier: string): string {
  return `/${identifier.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The page a path names. Letters are matched without case when the exact path names nothing
 * (`/Women` finds the category `women`; a product or CMS page by its lower-case key), and
 * slashes around the path are ignored: compare with canonicalPath to redirect such variants.
 */
export async function resolvePath(
  content: Pick<ContentStore, 'product' | 'cmsPage'>,
  tree: CategoryNode[],
  pathname: string,
): Promise<ResolvedPage | null> {
  const slug = pathToSlug(pathname);
  if (slug === null) return null;

  const trail = categoryTrailByPathIgnoringCase(tree, slug);
  const category = trail?.at(-1);
  if (trail && category) return { kind: 'category', category, trail };

  const lower = slug.toLowerCase();
  for (const key of lower === slug ? [slug] : [slug, lower]) {
    const page = await resolveKey(content, key);
    if (page) return page;
  }
  return null;
}

async function resolveKey(content: Pick<ContentStore, 'product' | 'cmsPage'>, slug: string): Promise<ResolvedPage | null> {
  // Product URLs are a single segment (SPEC: `/{urlKey}`); CMS identifiers may contain slashes.
  if (!slug.includes('/')) {
    const product = await content.product(slug);
    if (product) return { kind: 'product', product };
  }

  if (RESERVED_CMS_IDENTIFIERS.has(slug)) return null;
  const page = await content.cmsPage(slug);
  if (page && page.isActive !== false) return { kind: 'cms', page };
  return null;
}

/** The one URL path of a resolved page. */
export function canonicalPath(resolved: ResolvedPage): string {
  if (resolved.kind === 'category') return categoryHref(resolved.category);
  if (resolved.kind === 'product') return `/${encodeURIComponent(resolved.product.urlKey)}`;
  return cmsHref(resolved.page.identifier);
}

/** Whether a request path is another spelling of `canonical` (case, slashes around it) that should redirect. */
export function isPathVariant(pathname: string, canonical: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return decode(pathname) !== decode(canonical);
}
