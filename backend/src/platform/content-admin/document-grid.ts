/**
 * The grid of a record kind the admin edits through a form (Content → CMS pages, Blog posts;
 * Catalog → Categories), on the same service as the admin REST API: search, page size and page
 * numbers for every kind; where the service has a `listing` (pages and posts), a status filter,
 * sortable columns, the publish date range (posts) and bulk actions on the rows ticked, done by the
 * service (each record audited and announced; one sync follows). Filters the grid cannot read are
 * ignored, as on the products, orders and customers grids; the REST API refuses them instead. A
 * tree's grid (categories) moves rows among their siblings (grid-tree.ts).
 */
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../admin/admin-env.ts';
import { GridDay, gridQuery, option, PageSize, pageSizes, sortHeader } from '../admin/grid-query.ts';
import { csrfField } from '../admin/layout.ts';
import { formFields, renderPage } from '../admin/page.ts';
import { pager } from '../admin/pager.ts';
import { AppError } from '../errors.ts';
import { sortValues, type AdminService, type Listing } from './document-routes.ts';
import { moveCell, MoveForm, treeRowAttributes, type GridTree } from './grid-tree.ts';

/** A record's row in the grid, from the record as the API answers it. */
export interface GridRow {
  key: string;
  title: string;
  status: string;
  /** A post's publish date. */
  published?: string;
}

/** What the grid shows of the service's `listing`: its labels. */
export interface GridLabels {
  /** The status filter's choices: the service's status, its label. */
  statuses: Array<[status: string, label: string]>;
  /** Bulk actions: the service's action, the menu's label, and the notice's past tense ("activated"). */
  actions: Array<[action: string, label: string, done: string]>;
  /** The publish date's column and filter, for a kind that has one. */
  dateLabel?: string;
}

export interface DocumentGridSpec<Row extends { id: number }> {
  base: string;
  noun: string;
  service: AdminService<Row>;
  gridRow(view: Record<string, unknown>): GridRow;
  /** Heading of the key column. */
  keyLabel: string;
  /** Labels of the service's listing; without them, search and pages only (categories). */
  grid?: GridLabels;
  /** Records in a tree that move among their siblings (categories): Move up/down, drag and drop. */
  tree?: GridTree;
}

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const Ids = z.array(z.coerce.number().int().min(1).max(2_147_483_647)).min(1).max(500);

function filtersOf(listing: Listing | undefined) {
  const statuses = listing?.statuses ?? [];
  return z.object({
    q: z.string().trim().max(100).catch(''),
    status: (statuses.length > 0 ? z.enum(statuses as [string, ...string[]]) : z.never()).or(z.literal('')).catch(''),
    from: listing?.dated ? GridDay : z.literal('').catch(''),
    to: listing?.dated ? GridDay : z.literal('').catch(''),
    sort: listing ? z.enum(sortValues(listing)).catch(listing.defaultSort) : z.literal('').catch(''),
    size: PageSize,
    page: z.coerce.number().int().min(1).catch(1),
  });
}

export function documentGrid<Row extends { id: number }>(spec: DocumentGridSpec<Row>) {
  const { base, noun, service } = spec;
  const listing = spec.grid ? service.listing : undefined;
  const Filters = filtersOf(listing);
  type Filters = z.infer<typeof Filters>;
  const defaults: Partial<Filters> = { sort: listing?.defaultSort ?? '', size: 50, page: 1 };
  const query = (filters: Filters, change: Partial<Filters> = {}) => gridQuery(filters, defaults, change);
  const plural = noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;

  async function grid(c: Context<AdminEnv>, notice?: string, status?: ContentfulStatusCode) {
    const filters = Filters.parse(c.req.query());
    const { member, totalItems } = await service.list(
      c.var.db,
      { search: filters.q || undefined, status: filters.status || undefined, sort: filters.sort || undefined, publishedFrom: filters.from || undefined, publishedTo: filters.to || undefined },
      { page: filters.page, itemsPerPage: filters.size },
    );
    const pages = Math.max(1, Math.ceil(totalItems / filters.size));
    const header = (key: string, label: string) =>
      listing?.sorts.includes(key) ? sortHeader(filters.sort, key, label, (sort) => query(filters, { sort, page: 1 })) : html`<th>${label}</th>`;
    const labels = spec.grid;
    const bulk = labels && labels.actions.length > 0;
    const places = await spec.tree?.places(c.var.db);
    // A move comes back to this same page of the grid.
    const moveQuery = new URLSearchParams(query(filters)).toString();
    const table = html`<div class="table-scroll"><table ${places ? html`data-tree="${base}" data-tree-query="${moveQuery}"` : ''}>
      <tr>
        ${bulk ? html`<th><span class="visually-hidden">Choose</span></th>` : ''}${header('identifier', spec.keyLabel)}${header('title', 'Title')}<th>Status</th>${labels?.dateLabel ? header('published', labels.dateLabel) : ''}${header('updated', 'Updated')}${places ? html`<th>Order</th>` : ''}
      </tr>
      ${member.map((view) => {
        const row = spec.gridRow(view);
        const place = places?.get(Number(view.id));
        return html`<tr ${place ? treeRowAttributes(Number(view.id), place) : ''}>
          ${bulk ? html`<td><input type="checkbox" name="ids" value="${String(view.id)}" aria-label="Choose ${row.key}" /></td>` : ''}<td><a href="${base}/${String(view.id)}">${row.key}</a></td><td>${row.title}</td><td>${row.status}</td>${labels?.dateLabel ? html`<td>${row.published ?? ''}</td>` : ''}<td>${String(view.updatedAt)}</td>${place ? moveCell(c, `${base}/${String(view.id)}/move?${moveQuery}`, row.key, place) : ''}
        </tr>`;
      })}
    </table></div>`;
    return renderPage(
      c,
      `${noun[0]!.toUpperCase()}${plural.slice(1)}`,
      html`<p><a href="${base}/new">New ${noun}</a></p>
        ${notice ? html`<p class="flash" role="status">${notice}</p>` : ''}
        ${places ? html`<p class="muted" data-tree-status aria-live="polite" hidden>With a mouse, drag a row onto another to put it before that one, or onto its "into" zone to make it the last inside it.</p>` : ''}
        <form method="get" class="filters">
          <input name="q" value="${filters.q}" placeholder="Search" aria-label="Search ${plural}" />
          ${labels && labels.statuses.length > 0
            ? html`<label>Status <select name="status">${option('', 'Any', filters.status)}${labels.statuses.map(([value, label]) => option(value, label, filters.status))}</select></label>`
            : ''}
          ${labels?.dateLabel && listing?.dated
            ? html`<label>${labels.dateLabel} from <input type="date" name="from" value="${filters.from}" /></label>
                <label>to <input type="date" name="to" value="${filters.to}" /></label>`
            : ''}
          <label>Per page <select name="size">${pageSizes.map((size) => option(String(size), String(size), filters.size))}</select></label>
          ${listing ? html`<input type="hidden" name="sort" value="${filters.sort}" />` : ''}
          <button>Search</button>
        </form>
        <p class="muted">${totalItems} ${plural} · page ${filters.page} of ${pages}</p>
        ${bulk
          ? html`<form method="post" action="${base}/bulk?${new URLSearchParams(query(filters)).toString()}">
              ${csrfField(c.var.csrfToken)} ${table}
              <label>With the ${plural} ticked <select name="action" required>
                <option value="">Choose an action</option>
                ${labels.actions.map(([value, label]) => html`<option value="${value}">${label}</option>`)}
              </select></label>
              <button type="submit">Apply</button>
            </form>`
          : table}
        ${pager(filters.page, pages, query(filters))}`,
      { storefrontSync: true, status },
    );
  }

  return new Hono<AdminEnv>()
    .get('/', (c) => grid(c))
    .post('/bulk', async (c) => {
      const labels = spec.grid;
      if (!labels || !service.bulk) return c.notFound();
      const body = await c.req.parseBody({ all: true });
      const action = labels.actions.find(([value]) => value === body.action);
      const ids = Ids.safeParse(body.ids === undefined ? [] : [body.ids].flat());
      if (!action || !ids.success) return grid(c, `Tick at least one ${noun} and choose an action.`);
      const done = await service.bulk({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, action[0], [...new Set(ids.data)]);
      return grid(c, `${done} ${done === 1 ? noun : plural} ${action[2]}.`);
    })
    .post('/:id/move', async (c) => {
      const id = Id.safeParse(c.req.param('id'));
      if (!spec.tree || !id.success) return c.notFound();
      const raw = await formFields(c);
      const to = MoveForm.safeParse(raw);
      if (!to.success) return grid(c, `Choose where to move the ${noun}.`, 400);
      try {
        return grid(c, await spec.tree.move({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, to.data, raw._etag || undefined));
      } catch (error) {
        // Refused (a stale row, a move into itself, a taken path, gone): the grid as it is now, saying why.
        if (!(error instanceof AppError) || !['invalid', 'conflict', 'precondition_failed', 'not_found'].includes(error.kind)) throw error;
        return grid(c, error.message, error.kind === 'not_found' ? 404 : error.kind === 'precondition_failed' ? 412 : error.kind === 'conflict' ? 409 : 400);
      }
    });
}
