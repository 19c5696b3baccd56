import { resolve } from 'node:path';
import { defineModule } from '../../platform/modules/define-module.ts';
import { ConnectorConfigSchema, type ConnectorSettings } from './config.ts';
import { ConnectorEnvSchema, type ConnectorEnv } from './env.ts';
import { syncGuestViewChanges } from './guest-view-sync.ts';
import { categoryPaths, productUrlKeys } from './paths.ts';
import { connectorAdmin } from './routes/admin.ts';
import { connectorAdminApi } from './routes/admin-api.ts';
import { Runner, type ConnectorContext, type SyncType, type Trigger } from './runner.ts';

type SavedType = Exclude<SyncType, 'all'>;

/** What a burst of saves asks the storefront: the records by name (DECISIONS.md 46), and the paths to purge. */
interface Named {
  body: { urlKeys?: string[]; identifiers?: string[]; deleted?: string[] };
  paths: string[];
}

/** A burst of saves of one type becomes one sync of that type, then a zone purge of the saved records' pages. */
async function syncSaved(ctx: ConnectorContext, type: SavedType, trigger: Trigger, named: Named): Promise<void> {
  const runner = new Runner(ctx);
  const outcome = await runner.sync(type, trigger, named.body);
  if (outcome.ok) await runner.purgeCloudflare(named.paths, trigger);
}

/** Saved and deleted identifiers of CMS pages or posts (a renamed one comes as both). */
function documents(events: ReadonlyArray<{ payload: { identifier: string; deleted?: boolean } }>, pathOf: (identifier: string) => string): Named {
  const saved = [...new Set(events.filter((e) => !e.payload.deleted).map((e) => e.payload.identifier))];
  const deleted = [...new Set(events.filter((e) => e.payload.deleted).map((e) => e.payload.identifier))].filter((identifier) => !saved.includes(identifier));
  return { body: { identifiers: saved, deleted }, paths: [...saved, ...deleted].map(pathOf) };
}

/**
 * The storefront connector (SPEC.md "Sync" rule 3): saves of products, categories, CMS pages, blog posts, forms and
 * access rules (and configurations guests see: guest-view-sync.ts) run
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
      handle: async (events, ctx) => {
        const urlKeys = await productUrlKeys(ctx, events.map((e) => e.payload.productId));
        await syncSaved(ctx, 'products', 'product_saved', { body: { urlKeys }, paths: urlKeys.map((key) => `/${key}`) });
      },
    },
    {
      // Its page, SKU index, listings and sitemap entry go by the URL key it had.
      event: 'catalog_product_deleted',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => {
        const deleted = events.map((e) => e.payload.urlKey);
        return syncSaved(ctx, 'products', 'product_deleted', { body: { deleted }, paths: deleted.map((key) => `/${key}`) });
      },
    },
    {
      event: 'catalog_category_saved',
      batchWindowMs: (env) => env.debounceMs,
      // The tree is one record: the categories sync is whole.
      handle: async (events, ctx) => syncSaved(ctx, 'categories', 'category_saved', { body: {}, paths: await categoryPaths(ctx, events.map((e) => e.payload.categoryId)) }),
    },
    {
      event: 'cms_page_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => syncSaved(ctx, 'cms-pages', 'cms_page_saved', documents(events, (identifier) => `/${identifier}`)),
    },
    {
      event: 'blog_post_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (events, ctx) => {
        const named = documents(events, (identifier) => `/blog/${identifier}`);
        return syncSaved(ctx, 'blog-posts', 'blog_post_saved', { ...named, paths: ['/blog', ...named.paths] });
      },
    },
    {
      // B2B Access rules and module configurations that change what guests see (DECISIONS.md 62).
      event: 'guest_view_changed',
      batchWindowMs: (env) => env.debounceMs,
      handle: syncGuestViewChanges,
    },
    {
      // The pages embedding the form are re-read with it; the new pulse retires their cached copies.
      event: 'customforms_form_saved',
      batchWindowMs: (env) => env.debounceMs,
      handle: (_events, ctx) => syncSaved(ctx, 'cms-pages', 'form_saved', { body: {}, paths: [] }),
    },
  ],
  jobs: [
    {
      name: 'full-sync',
      cron: (config) => config.cronExpression,
      run: async (ctx) => void (await new Runner(ctx).sync('all', 'schedule')),
    },
  ],
  admin: {
    nav: [{ title: 'Storefront', path: '/storefront-connector', section: 'Stores' }],
    saveStatus: { path: '/storefront-connector/save-status', log: '/storefront-connector' },
  },
});

export default storefrontConnector;
