/**
 * A filtered admin grid declared rather than written (Sales → Orders, Customers): its search, its
 * filters, its columns (which sort, and by what) and the links above it are data; the markup, the
 * query each link keeps, the sort headers and the pager are drawn here once from the shared helpers
 * (grid-query.ts, pager.ts), with the columns and row actions the loaded modules add
 * (grid-extensions.ts). What a grid reads and how it queries stays the grid's own: this draws rows it
 * is given.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AdminEnv } from './admin-env.ts';
import { control, options, wrappedField, type Choice } from './fields.ts';
import { gridQuery, pageSizes, sortHeader } from './grid-query.ts';
import type { gridExtensions } from './grid-extensions.ts';
import { rowActions } from './grid-extensions.ts';
import { pager } from './pager.ts';

type Cell = string | number | HtmlEscapedString | Promise<HtmlEscapedString>;

export interface DataGridColumn<Row> {
  label: string;
  /** The sort key its header sorts by (`-key` the other way); a column without one does not sort. */
  sort?: string;
  cell(row: Row): Cell;
}

/** A filter above the grid: a select with "Any" first, or a day. */
export type DataGridFilter = { name: string; label: string; choices: Choice[] } | { name: string; label: string; day: true };

export interface DataGridSpec<Row> {
  /** What the rows are, in the plural ("orders"): the search's label and the count line. */
  plural: string;
  searchPlaceholder: string;
  filters: DataGridFilter[];
  columns: DataGridColumn<Row>[];
  /** Links above the grid (New, Export CSV). */
  links?: Array<{ href: string; label: string }>;
}

/** The grid's state as read from its query: the search, the filters, the sort, page size and page. */
export interface DataGridState {
  q: string;
  sort: string;
  size: number;
  page: number;
  [filter: string]: string | number;
}

/** The columns and row actions the loaded modules add to the grid, and what they know of a row. */
export interface DataGridExtensions<Row> {
  added: Awaited<ReturnType<typeof gridExtensions>>;
  rowOf(row: Row): { id: number; approvalStatus?: string };
}

export function dataGrid<Row>(
  c: Context<AdminEnv>,
  spec: DataGridSpec<Row>,
  view: { state: DataGridState; defaults: Partial<DataGridState>; rows: Row[]; total: number; extensions?: DataGridExtensions<Row> },
) {
  const { state, defaults, rows, total } = view;
  const pages = Math.max(1, Math.ceil(total / state.size));
  const link = (change: Partial<DataGridState>) => gridQuery(state, defaults, change);
  const header = (column: DataGridColumn<Row>) =>
    column.sort ? sortHeader(state.sort, column.sort, column.label, (sort) => link({ sort, page: 1 })) : html`<th>${column.label}</th>`;
  const filter = (declared: DataGridFilter) =>
    'day' in declared
      ? wrappedField(declared.label, control('input', { type: 'date', name: declared.name, value: String(state[declared.name] ?? '') }))
      : wrappedField(declared.label, control('select', { name: declared.name }, options([{ value: '', label: 'Any' }, ...declared.choices], state[declared.name])));
  const added = view.extensions?.added ?? { columns: [], actions: [] };
  const actionsOf = (row: Row) => (view.extensions ? rowActions(c, added.actions, view.extensions.rowOf(row)) : []);
  const idOf = (row: Row) => view.extensions?.rowOf(row).id ?? 0;
  return html`${spec.links?.length ? html`<p>${spec.links.map((one, index) => html`${index > 0 ? ' · ' : ''}<a href="${one.href}">${one.label}</a>`)}</p>` : ''}
    <form method="get" class="filters">
      ${control('input', { name: 'q', value: state.q, placeholder: spec.searchPlaceholder, 'aria-label': `Search ${spec.plural}` })}
      ${spec.filters.map(filter)}
      ${wrappedField('Per page', control('select', { name: 'size' }, options(pageSizes.map((size) => ({ value: size, label: String(size) })), state.size)))}
      <input type="hidden" name="sort" value="${state.sort}" />
      <button class="secondary">Search</button>
    </form>
    <p class="muted">${total} ${spec.plural} · page ${state.page} of ${pages}</p>
    <div class="table-scroll"><table>
      <tr>${spec.columns.map(header)}${added.columns.map((column) => html`<th>${column.title}</th>`)}${added.actions.length ? html`<th></th>` : ''}</tr>
      ${rows.map(
        (row) =>
          html`<tr>${spec.columns.map((column) => html`<td>${column.cell(row)}</td>`)}${added.columns.map((column) => html`<td>${column.cells.get(idOf(row)) ?? ''}</td>`)}${added.actions.length ? html`<td>${actionsOf(row)}</td>` : ''}</tr>`,
      )}
    </table></div>
    ${pager(state.page, pages, link({}))}`;
}
