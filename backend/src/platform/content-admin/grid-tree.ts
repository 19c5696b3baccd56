/**
 * A grid whose records form a tree and move among their siblings (Catalog → Categories, issue 17).
 * Without JavaScript each row has Move up / Move down: small forms posting to `{base}/{id}/move`
 * with the parent and place they mean, the CSRF token and the row's ETag (a row changed since the
 * page was drawn is refused, not moved somewhere unexpected). The rows carry what the admin's
 * drag-and-drop script (admin/client/tree-moves.js) needs to post the same form for a drop.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../admin/admin-env.ts';
import { csrfField } from '../admin/layout.ts';
import type { Db } from '../db/database.ts';
import type { AdminWriteContext } from './write-context.ts';

/** A record's place in the tree as the page was drawn. */
export interface TreePlace {
  parentId: number | null;
  /** Its index among its siblings (0 first) and how many they are, itself included. */
  index: number;
  siblings: number;
  etag: string;
}

export interface GridTree {
  /** Every record's place (read once per page view: the grid may show a page or a search of the tree). */
  places(db: Db): Promise<Map<number, TreePlace>>;
  /** Moves the record; answers the sentence that says where it went. */
  move(ctx: AdminWriteContext, id: number, to: { parentId: number | null; position: number }, ifMatch?: string): Promise<string>;
}

/** The move form's fields: `parentId` empty for the top level; `position` past the last sibling means last. */
export const MoveForm = z.object({
  parentId: z.literal('').transform(() => null).or(z.coerce.number().int().min(1).max(2_147_483_647)),
  position: z.coerce.number().int().min(0).max(100_000),
});

/** The `<tr>` attributes the drag-and-drop script reads. */
export const treeRowAttributes = (id: number, place: TreePlace) =>
  html`data-id="${id}" data-parent-id="${place.parentId ?? ''}" data-index="${place.index}" data-etag="${place.etag}"`;

/**
 * The row's Move up / Move down forms (none where it is already first or last). Each button's name
 * says which row (an `aria-label`: a visually hidden span, absolutely placed, would widen a phone's
 * page beyond the table's own scroll box).
 */
export function moveCell(c: Context<AdminEnv>, action: string, key: string, place: TreePlace) {
  const button = (position: number, label: string) =>
    html`<form method="post" action="${action}" class="tree-move">
      ${csrfField(c.var.csrfToken)}<input type="hidden" name="_etag" value="${place.etag}" />
      <input type="hidden" name="parentId" value="${place.parentId ?? ''}" /><input type="hidden" name="position" value="${position}" />
      <button type="submit" aria-label="${label} ${key}">${label}</button>
    </form>`;
  return html`<td>${place.index > 0 ? button(place.index - 1, 'Move up') : ''}${place.index < place.siblings - 1 ? button(place.index + 1, 'Move down') : ''}</td>`;
}
