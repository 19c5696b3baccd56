/** Category paging: the `?page=N` parameter and the links between pages. */

/** Accepts only a canonical positive integer ("1", "12"); anything else is not a page. */
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;

/**
 * The page a request asks for: 1 when `page` is absent, the number when it is a canonical
 * positive integer, null otherwise (e.g. "0", "-1", "2abc", "01", repeated) so the page 404s.
 */
export function parsePageParam(params: URLSearchParams): number | null {
  const values = params.getAll('page');
  if (values.length === 0) return 1;
  const [value] = values;
  if (values.length > 1 || value === undefined || !PAGE_NUMBER.test(value)) return null;
  return Number(value);
}

/** Link to a page of a listing; page 1 is the bare path so it has a single URL. */
export function pageHref(basePath: string, page: number): string {
  // A sorted listing's base path already carries `?sort=…`.
  return page <= 1 ? basePath : `${basePath}${basePath.includes('?') ? '&' : '?'}page=${page}`;
}

export type PagerItem = { kind: 'page'; page: number; href: string; current: boolean } | { kind: 'gap' };

export interface Pager {
  prev: string | null;
  next: string | null;
  items: PagerItem[];
}

/**
 * Previous/next links and a compact list of page numbers: the first, the last and `window`
 * pages either side of the current one, with gaps between runs.
 */
export function pager(basePath: string, page: number, totalPages: number, window = 1): Pager {
  const last = Math.max(1, totalPages);
  const shown = new Set<number>([1, last]);
  for (let n = page - window; n <= page + window; n++) if (n >= 1 && n <= last) shown.add(n);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const n of [...shown].sort((a, b) => a - b)) {
    if (n - previous === 2) items.push(toItem(basePath, n - 1, page));
    else if (n - previous > 2) items.push({ kind: 'gap' });
    items.push(toItem(basePath, n, page));
    previous = n;
  }
  return {
    prev: page > 1 ? pageHref(basePath, page - 1) : null,
    next: page < last ? pageHref(basePath, page + 1) : null,
    items,
  };
}

function toItem(basePath: string, n: number, current: number): PagerItem {
  return { kind: 'page', page: n, href: pageHref(basePath, n), current: n === current };
}
