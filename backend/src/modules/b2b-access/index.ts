import { resolve } from 'node:path';
import { defineModule } from '../../core/modules/define-module.ts';
import { accessAdmin, accessAdminNav } from './admin/index.ts';
import { accessConfigSchema, type AccessConfig } from './config.ts';
import { accessAdminApi } from './routes/admin-api.ts';

/**
 * B2B Access (SPEC.md "B2B Access module configuration", DECISIONS.md 16, 17, 20, 25–31, 43): a login
 * wall, hidden prices and blocked purchase, from one gate (basic mode) or from rules, decided per
 * caller and product by a pure engine and enforced by the backend.
 */
const b2bAccess = defineModule<AccessConfig>({
  id: 'b2b-access',
  title: 'B2B Access',
  migrations: resolve(import.meta.dirname, 'migrations'),
  config: accessConfigSchema,
  routes: { adminApi: accessAdminApi, admin: accessAdmin },
  admin: { nav: accessAdminNav },
});

export default b2bAccess;
