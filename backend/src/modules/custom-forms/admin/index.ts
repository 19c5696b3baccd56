import { Hono } from 'hono';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { AdminNavItem } from '../../../platform/admin/nav-item.ts';
import { formsPages } from './forms-pages.ts';
import { spamPage, submissionsPages } from './submissions-pages.ts';

/** Content → Forms (grid, builder, submissions), the spam log and the generated configuration page. */
export const formsAdminNav: AdminNavItem[] = [
  { title: 'Forms', path: '/custom-forms/forms', section: 'Content' },
  { title: 'Forms: spam log', path: '/custom-forms/spam', section: 'Content' },
  { title: 'Forms configuration', path: '/custom-forms/config', section: 'Content' },
];

/** The module's admin pages, mounted by the core at /admin/custom-forms behind the admin session and CSRF check. */
export const formsAdmin = new Hono<AdminEnv>().route('/forms', submissionsPages).route('/forms', formsPages).route('/spam', spamPage);
