/**
 * Root-relative URL of a blog post: `/blog/{identifier}`. The sitemap lists posts here; the blog
 * pages (a later issue) are to be served at the same address.
 */
export function blogPostHref(identifier: string): string {
  return `/blog/${encodeURIComponent(identifier)}`;
}
