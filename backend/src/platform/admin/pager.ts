import { html } from 'hono/html';

/** How many rows an admin grid shows per page. */
export const gridPageSize = 50;

/** The page a grid was asked for: `?page=N`, at least 1. */
export function requestedPage(value: string | undefined): number {
  return Math.max(1, Number.parseInt(value ?? '1', 10) || 1);
}

/** Page numbers to link: the first, the last and two either side of the current one; 0 marks a gap. */
export function pageNumbers(page: number, pages: number): number[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, index) => (index > 0 && n - shown[index - 1]! > 1 ? [0, n] : [n]));
}

/**
 * Previous, the page numbers and next under a grid. `query` holds the grid's other parameters (a
 * search), kept in every link.
 */
export function pager(page: number, pages: number, query: Record<string, string> = {}) {
  if (pages <= 1) return '';
  const href = (n: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')), page: String(n) }).toString()}`;
  return html`<nav class="pager" aria-label="Pages">
    ${page > 1 ? html`<a href="${href(page - 1)}" rel="prev">Previous</a>` : html`<span class="muted">Previous</span>`}
    ${pageNumbers(page, pages).map((n) =>
      n === 0 ? html`<span class="muted">…</span>` : n === page ? html`<a aria-current="page" href="${href(n)}">${n}</a>` : html`<a href="${href(n)}">${n}</a>`,
    )}
    ${page < pages ? html`<a href="${href(page + 1)}" rel="next">Next</a>` : html`<span class="muted">Next</span>`}
  </nav>`;
}
