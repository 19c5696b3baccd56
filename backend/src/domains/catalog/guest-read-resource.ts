/**
 * The catalog and content reads a guest makes, each passing the `catalog.guestRead` hook (guest-reads.ts).
 * Its own file, importing nothing, so the hook map can name it without importing the request context.
 */
export type GuestReadResource = 'products' | 'search' | 'categories' | 'url-redirects' | 'blog-posts' | 'cms-pages';
