import { createRoute, z } from '@hono/zod-openapi';
import { requireAdminToken } from '../auth/require-admin-token.ts';
import { apiPrefix } from '../docs/routes.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { ErrorSchema, jsonContent } from '../http/schemas.ts';
import { configDiff } from '../audit/config-diff.ts';
import { recordAudit } from '../audit/service.ts';
import { secretPaths } from './config-fields.ts';
import { announceConfigChange } from './guest-view-change.ts';
import { actorOf } from './context.ts';
import type { AnyModule } from './define-module.ts';
import type { ModulePlatform } from './platform.ts';

/**
 * Saves a module's configuration: validates and stores it, records the change in the audit log (secrets
 * masked), announces what it changes for guests (guest-view-change.ts), and applies it to the module's schedules. The API and the admin form both come here.
 */
export async function saveModuleConfig(platform: ModulePlatform, module: AnyModule, patch: unknown, ctx: { actor: ReturnType<typeof actorOf> }) {
  // The configuration and its audit entry are written together, or neither.
  const after = await platform.context(module.id, {}).db.transaction(async (tx) => {
    const change = await platform.configs.update(tx, module.id, patch);
    const secrets = secretPaths(module.config!).map((path) => path.join('.'));
    await recordAudit(tx, { actor: ctx.actor, module: module.id, action: 'config.updated', subject: module.id, diff: configDiff(change.before, change.after, secrets) });
    await announceConfigChange(platform, module, change.before, change.after, tx);
    return change.after;
  });
  platform.configs.forget(module.id);
  await platform.configChanged(module.id);
  return after;
}

/** `GET`/`PUT /api/rest/v2/admin/<id>/config` of a module with a configuration (DECISIONS.md 25). */
export function configRoutes(module: AnyModule) {
  const path = `${apiPrefix}/admin/${module.id}/config`;
  const tags = [module.title];
  const Config = z.record(z.string(), z.unknown()).openapi({ description: `The whole configuration of ${module.title}; secrets answer "********" when set.` });
  const errors = { 401: jsonContent(ErrorSchema, 'No admin token'), 403: jsonContent(ErrorSchema, 'Not an admin token') };
  const read = createRoute({ method: 'get', path, tags, summary: `${module.title}: configuration`, security: [{ bearerAuth: [] }], responses: { 200: jsonContent(Config, 'The configuration'), ...errors } });
  const write = createRoute({
    method: 'put',
    path,
    tags,
    summary: `${module.title}: change the configuration (fields sent replace stored ones, objects merge, arrays replace)`,
    security: [{ bearerAuth: [] }],
    request: { body: { required: true, content: { 'application/json': { schema: Config } } } },
    responses: { 200: jsonContent(Config, 'The stored configuration'), 400: jsonContent(ErrorSchema, 'invalid_field, with details.field the dotted path'), ...errors },
  });
  const router = createRouter<AppEnv>();
  router.use(path, requireAdminToken);
  return router
    .openapi(read, async (c) => c.json(await c.var.modules.configs.view(c.var.db, module.id), 200))
    .openapi(write, async (c) => c.json(await saveModuleConfig(c.var.modules, module, c.req.valid('json'), { actor: actorOf(c) }), 200));
}
