// Its own file, importing nothing: the admin's request env and the module definition both name it.

/** The admin navigation's sections; a module may open a section of its own. */
export type AdminSection = 'Catalog' | 'Customers' | 'Sales' | 'Content' | 'Stores' | 'System' | (string & {});

/** A link in the admin navigation. */
export interface AdminNavItem {
  title: string;
  /** Path under /admin; a module's own pages live under /admin/<id>. */
  path: string;
  section: AdminSection;
}
