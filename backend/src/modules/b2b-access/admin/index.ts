import { Hono } from 'hono';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { AdminNavItem } from '../../../platform/admin/nav-item.ts';
import { adminAssets } from './assets.ts';
import { explainPage } from './explain-page.ts';
import { ruleEditor } from './rule-editor.ts';
import { rulesGrid } from './rules-grid.ts';
import { skuOptions } from './sku-options.ts';

/** Customers → B2B Access (the generated configuration page) and B2B Access Rules (SPEC.md). */
export const accessAdminNav: AdminNavItem[] = [
  { title: 'B2B Access Rules', path: '/b2b-access/rules', section: 'Customers' },
  { title: 'B2B Access', path: '/b2b-access/config', section: 'Customers' },
  { title: 'B2B Access: explain', path: '/b2b-access/explain', section: 'Customers' },
];

/** The module's admin pages, mounted by the core at /admin/b2b-access behind the admin session and CSRF check. */
export const accessAdmin = new Hono<AdminEnv>().route('/assets', adminAssets).route('/rules/sku-options', skuOptions).route('/rules', rulesGrid).route('/rules', ruleEditor).route('/explain', explainPage);
