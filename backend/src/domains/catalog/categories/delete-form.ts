/**
 * The category edit page's Delete form asks which category takes the products it holds (issue 17),
 * as `DELETE …/categories/{id}?reassignTo=` does: a picker of the other categories by path, its
 * parent chosen by default. A top-level category holding products has no default: the picker is
 * required. Refusals (admin.ts `deleteCategory`) show next to it with the choice kept.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { DeleteOptions, SectionState } from '../../../platform/content-admin/document-pages.ts';
import { categories, productCategories } from '../../../platform/db/schema/index.ts';
import { CategoryDeleteQuery } from './admin.ts';

type Row = typeof categories.$inferSelect;

async function render(c: Context<AdminEnv>, row: Row, failed?: SectionState) {
  const [all, [held]] = await Promise.all([
    c.var.db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories).orderBy(asc(categories.urlPath)),
    c.var.db.select({ n: count() }).from(productCategories).where(eq(productCategories.categoryId, row.id)),
  ]);
  const holding = held?.n ?? 0;
  // Its own subtree cannot take them (and a category with subcategories is not deleted anyway).
  const choices = all.filter((other) => other.id !== row.id && !other.urlPath.startsWith(`${row.urlPath}/`));
  const chosen = failed?.values.reassignTo ?? String(row.parentId ?? '');
  const required = row.parentId === null && holding > 0;
  const parent = all.find((other) => other.id === row.parentId);
  const help = parent
    ? `It holds ${holding} product${holding === 1 ? '' : 's'}; by default they go to its parent, /${parent.urlPath}, and its path redirects there.`
    : holding > 0
      ? `Required: it holds ${holding} product${holding === 1 ? '' : 's'} and has no parent. Its path redirects to the category chosen.`
      : 'It holds no products. A category chosen here gets the redirect from its path.';
  const error = failed?.errors.reassignTo;
  return html`<h2>Delete</h2>
  <div class="field">
    <label for="delete-reassignTo">Move its products to</label>
    <select name="reassignTo" id="delete-reassignTo" aria-describedby="delete-reassignTo-help" ${required ? 'required' : ''} ${error ? html`aria-invalid="true"` : ''}>
      ${parent ? '' : html`<option value="">${required ? 'Choose a category' : '(none)'}</option>`}
      ${choices.map((choice) => html`<option value="${choice.id}" ${String(choice.id) === chosen ? 'selected' : ''}>/${choice.urlPath}</option>`)}
    </select>
    <span class="muted" id="delete-reassignTo-help">${help}</span>${error ? html` <strong class="error" role="alert">${error}</strong>` : ''}
  </div>`;
}

export const categoryDeleteOptions: DeleteOptions<Row> = { query: CategoryDeleteQuery, render };
