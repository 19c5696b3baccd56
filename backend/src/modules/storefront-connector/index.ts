import { defineModule, type ModuleDefinition } from '../../core/modules/define-module.ts';
import { Connector } from './connector.ts';
import { connectorOptionsFromEnv, type ConnectorOptions } from './options.ts';
import { connectorAdmin } from './routes/admin.ts';
import { connectorApi } from './routes/api.ts';

/**
 * The storefront connector (SPEC.md "Sync" rule 3): saves of products, categories and CMS pages run
 * the matching storefront sync, a cron schedule runs full syncs, the admin has Sync Now, the
 * configuration and the sync log. One definition serves one app: start() binds it to the database.
 */
export function storefrontConnector(options: ConnectorOptions = connectorOptionsFromEnv()): ModuleDefinition {
  let running: Connector | undefined;
  const connector = (): Connector => {
    if (!running) throw new Error('The storefront connector was not started: build the app with createApp, which starts its modules.');
    return running;
  };
  return defineModule({
    id: 'storefront-connector',
    adminPages: [{ title: 'Storefront', path: '/storefront-connector', section: 'Stores', slot: 'storefront' }],
    routes: { api: connectorApi(connector), admin: connectorAdmin(options, connector) },
    subscribers: [
      { event: 'catalog_product_saved', handle: ({ productId }) => connector().saved('products', productId) },
      { event: 'catalog_category_saved', handle: ({ categoryId }) => connector().saved('categories', categoryId) },
      { event: 'cms_page_saved', handle: ({ pageId }) => connector().saved('cms-pages', pageId) },
    ],
    start({ db }) {
      if (running) throw new Error('This storefront connector already runs for another app; make one per app.');
      const started = new Connector(db, options);
      running = started;
      // Reading the schedule needs the database; a failure here must not stop the server from serving.
      started.applySchedule().catch((error: unknown) => console.error('storefront connector: cannot read the sync schedule', error));
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
  });
}
