import { asc } from 'drizzle-orm';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Db } from '../db/database.ts';
import { categories, cmsPages, countries, customerGroups } from '../db/schema/index.ts';
import { adminStoreViews } from './store-views.ts';
import type { Picker } from '../modules/config-fields.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
/** Attributes for each checkbox (aria-invalid and aria-describedby), or none. */
type Attributes = Html | '';
export type Option = { value: string; label: string };

/** The records a picker offers, read once per page view. */
export async function pickerOptions(db: Db, picker: Picker): Promise<Option[]> {
  switch (picker) {
    case 'customerGroups':
      return (await db.select().from(customerGroups).orderBy(asc(customerGroups.id))).map((g) => ({ value: String(g.id), label: g.id === 0 ? 'NOT LOGGED IN (guests)' : g.code }));
    case 'categories': {
      const rows = await db.select({ id: categories.id, urlPath: categories.urlPath }).from(categories).orderBy(asc(categories.urlPath));
      return rows.map((row) => ({ value: String(row.id), label: `${row.urlPath} (#${row.id})` }));
    }
    case 'stores':
      return (await adminStoreViews(db)).map((s) => ({ value: s.code, label: s.code }));
    case 'countries':
      return (await db.select({ id: countries.id }).from(countries).orderBy(asc(countries.id))).map((c) => ({ value: c.id, label: c.id }));
    case 'cmsPages': {
      const rows = await db.selectDistinct({ identifier: cmsPages.identifier }).from(cmsPages).orderBy(asc(cmsPages.identifier));
      return rows.map((row) => ({ value: row.identifier, label: row.identifier }));
    }
  }
}

interface CategoryNode {
  id: number;
  name: string;
  children: CategoryNode[];
}

/** Every id under a node (its descendants, not itself). */
const descendantsOf = (node: CategoryNode): CategoryNode[] => node.children.flatMap((child) => [child, ...descendantsOf(child)]);

/**
 * The category tree as nested checkboxes. Where choosing a category covers its subcategories (the
 * gate and the rules include descendants), each says how many it covers and the chosen ones list the
 * subcategories they bring in; a product's placement (`coversSubcategories: false`) is in just the
 * categories ticked.
 */
export async function categoryTreePicker(db: Db, name: string, chosen: string[], aria: Attributes, options: { coversSubcategories?: boolean } = {}): Promise<Html> {
  const covering = options.coversSubcategories ?? true;
  const rows = await db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.id));
  const nodes = new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  const branch = (list: CategoryNode[]): Html =>
    html`<ul>
      ${list.map((node) => {
        const covered = covering ? descendantsOf(node) : [];
        const checked = chosen.includes(String(node.id));
        return html`<li>
          <label><input type="checkbox" name="${name}" value="${node.id}" ${checked ? 'checked' : ''} ${aria} /> ${node.name}
            <span class="muted">#${node.id}${covered.length > 0 ? ` · includes ${covered.length} subcategories` : ''}</span></label>
          ${checked && covered.length > 0 ? html`<p class="muted covered">Also covered: ${covered.map((child) => child.name).join(', ')}</p>` : ''}
          ${node.children.length > 0 ? branch(node.children) : ''}
        </li>`;
      })}
    </ul>`;
  return html`<div class="category-tree">${branch(roots)}</div>`;
}

