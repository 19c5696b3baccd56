import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminGrid, GridAction } from '../modules/define-module.ts';
import type { AdminEnv } from './admin-env.ts';
import { csrfField } from './layout.ts';

/** The columns (with their cells for these rows) and row actions the loaded modules add to a core grid. */
export async function gridExtensions(c: Context<AdminEnv>, grid: AdminGrid, rowIds: readonly number[]) {
  const platform = c.var.modules;
  const columns = await Promise.all(
    platform.modules.flatMap((module) =>
      (module.admin?.gridColumns ?? [])
        .filter((column) => column.grid === grid)
        .map(async (column) => ({ title: column.title, cells: await column.cells(rowIds, platform.context(module.id, {})) })),
    ),
  );
  const actions = platform.modules.flatMap((module) => (module.admin?.gridActions ?? []).filter((action) => action.grid === grid).map((action) => ({ ...action, moduleId: module.id })));
  return { columns, actions };
}

/** A row's action buttons: each a small POST form to the module's admin route, with the row id; outlined (secondary), red when dangerous. */
export function rowActions(c: Context<AdminEnv>, actions: (GridAction & { moduleId: string })[], row: { id: number; approvalStatus?: string }) {
  return actions
    .filter((action) => action.appliesTo?.(row) ?? true)
    .map(
      (action) =>
        html`<form method="post" action="/admin/${action.moduleId}${action.path}" style="display:inline">${csrfField(c.var.csrfToken)}<input type="hidden" name="id" value="${row.id}" /><button class="${action.danger ? 'danger' : 'secondary'}">${action.label}</button></form> `,
    );
}
