import { resolve } from 'node:path';
import { defineModule } from '../../core/modules/define-module.ts';
import { ConnectorConfigSchema, type ConnectorSettings } from './config.ts';
import { ConnectorEnvSchema, type ConnectorEnv } from './env.ts';
import { pathsOf } from './paths.ts';
import { connectorAdmin } from './routes/admin.ts';
import { connectorAdminApi } from './routes/admin-api.ts';
import { Runner, type ConnectorContext, type SyncType, type Trigger } from './runner.ts';

type SavedType = Exclude<SyncType, 'all'>;

/** A burst of saves of one type becomes one sync of that type, then a zone purge of the saved records' pages. */
async function syncSaved(ctx: ConnectorContext, type: SavedType, trigger: Trigger, ids: number[]): Promise<void> {
  const runner = new Runner(ctx);
  const outcome = await runner.sync(type, trigger);
  if (outcome.ok) await runner.purgeCloudflare(await pathsOf(ctx.db, type, ids), trigger);
}

/** Deleted products leave with a products sync; their pages are purged by the paths they had. */
async function syncDeleted(ctx: ConnectorContext, paths: string[]): Promise<void> {
  const runner = new Runner(ctx);
  const outcome = await runner.sync('products', 'product_deleted');
  if (outcome.ok) await runner.purgeCloudflare(paths, 'product_deleted');
}

/**
 * The storefront connector (SPEC.md "Sync" rule 3): saves of products, categories, CMS pages, blog posts and forms run
 * the matching storefront sync, a cron schedule runs full syncs, the admin has Sync Now, the
 * configuration and the sync log. Every outcome is in the sync log, so the subscribers never fail
 * a delivery over a storefront that is down (retrying is the runner's job, with backoff).
 */
const storefrontConnector = defineModule<ConnectorSettings, ConnectorEnv>({
  id: 'storefront-connector',
  title: 'Storefront connector',
  migrations: resolve(import.meta.dirname, 'migrations'),
  config: ConnectorConfigSchema,
  env: ConnectorEnvSchema,
  routes: { adminApi: connectorAdminApi, admin: connectorAdmin },
  subscribers: [
    {
      event: 'catalog_product_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => syncSaved(ctx, 'products', 'product_saved', events.map((e) => e.payload.productId)),
    },
    {
      // Its page, listings and sitemap entry go with the products sync (full for its type).
      event: 'catalog_product_deleted',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => syncDeleted(ctx, events.map((e) => `/${e.payload.urlKey}`)),
    },
    {
      event: 'catalog_category_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => syncSaved(ctx, 'categories', 'category_saved', events.map((e) => e.payload.categoryId)),
    },
    {
      event: 'cms_page_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => syncSaved(ctx, 'cms-pages', 'cms_page_saved', events.map((e) => e.payload.pageId)),
    },
    {
      event: 'blog_post_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => syncSaved(ctx, 'blog-posts', 'blog_post_saved', events.map((e) => e.payload.postId)),
    },
    {
      // The pages embedding the form are re-read with it; the new pulse retires their cached copies.
      event: 'customforms_form_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (_events, ctx) => syncSaved(ctx, 'cms-pages', 'form_saved', []),
    },
  ],
  jobs: [
    {
      name: 'full-sync',
      cron: (config) => config.cronExpression,
      run: async (ctx) => void (await new Runner(ctx).sync('all', 'schedule')),
    },
  ],
  admin: { nav: [{ title: 'Storefront', path: '/storefront-connector', section: 'Stores' }] },
});

export default storefrontConnector;
