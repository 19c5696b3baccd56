/**
 * When a page request asks for markdown (SPEC.md "Markdown negotiation", DECISIONS.md 10), and
 * which page it names. Pure.
 */

interface MediaRange {
  type: string;
  q: number;
}

/** The media ranges of an Accept header with their q-values (absent or malformed q means 1). */
export function parseAccept(header: string | null): MediaRange[] {
  if (!header) return [];
  return header.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!range) return [];
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((piece) => piece.trim());
      if (name?.toLowerCase() !== 'q' || value === undefined) continue;
      const parsed = Number(value);
      q = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 1;
    }
    return [{ type: range.toLowerCase(), q }];
  });
}

/** The q-value an explicit media type gets, or null when the header does not name it. */
function explicitQ(ranges: MediaRange[], type: string): number | null {
  const matches = ranges.filter((range) => range.type === type);
  return matches.length === 0 ? null : Math.max(...matches.map((range) => range.q));
}

/**
 * Markdown when `text/markdown` is acceptable (q > 0) and `text/html` is not (absent or q=0):
 * a client that also takes HTML gets the page as browsers do; wildcards (`*\/*`, `text/*`)
 * never select markdown.
 */
export function acceptsMarkdownOnly(header: string | null): boolean {
  const ranges = parseAccept(header);
  const markdown = explicitQ(ranges, 'text/markdown');
  const html = explicitQ(ranges, 'text/html');
  return markdown !== null && markdown > 0 && (html === null || html === 0);
}

/** The page path a markdown suffix names (`/index.md` → `/`, `/a/index.md` → `/a`, `/a.md` → `/a`), else null. */
export function markdownSuffixTarget(pathname: string): string | null {
  if (pathname === '/index.md') return '/';
  if (pathname.endsWith('/index.md')) return pathname.slice(0, -'/index.md'.length);
  if (pathname.endsWith('.md') && pathname.length > '/.md'.length) return pathname.slice(0, -'.md'.length);
  return null;
}

/** The page path a markdown request names. */
export type MarkdownRequest = { path: string };

/**
 * The page a request wants as markdown, or null for HTML. `isPageRoute` says whether the route
 * Astro matched is a page (home or catch-all), so `/api/x.md` or `/llms.txt` are never taken.
 */
export function markdownRequest(request: Request, url: URL, isPageRoute: boolean): MarkdownRequest | null {
  if (!isPageRoute || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const target = markdownSuffixTarget(url.pathname);
  if (target !== null) return { path: target };
  return acceptsMarkdownOnly(request.headers.get('Accept')) ? { path: url.pathname } : null;
}
