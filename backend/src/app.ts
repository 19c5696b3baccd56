import type { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { blogRoutes } from './core/blog/routes.ts';
import { categoryRoutes } from './core/catalog/categories/routes.ts';
import { productRoutes } from './core/catalog/products/routes.ts';
import { cmsRoutes } from './core/cms/routes.ts';
import { countryRoutes } from './core/countries/routes.ts';
import type { Db } from './core/db/database.ts';
import { apiPrefix, mountDocs } from './core/docs/routes.ts';
import { errorHandler, notFoundHandler, type ErrorLogger } from './core/errors.ts';
import { healthRoutes } from './core/health.ts';
import type { AppEnv } from './core/http/context.ts';
import { createRouter } from './core/http/router.ts';
import { mediaRoutes } from './core/media/routes.ts';
import { storeRoutes } from './core/stores/routes.ts';

export interface AppConfig {
  /** Where unexpected errors go (the client only sees a generic 500). Defaults to stderr. */
  logError?: ErrorLogger;
}

const logToStderr: ErrorLogger = (message, cause) => console.error(message, cause);

/** Builds the HTTP app; it does not listen (server.ts does, tests call app.request()). */
export function createApp({ db, config = {} }: { db: Db; config?: AppConfig }): OpenAPIHono<AppEnv> {
  const app = createRouter<AppEnv>();
  app.onError(errorHandler(config.logError ?? logToStderr));
  app.notFound(notFoundHandler);
  app.use(
    createMiddleware<AppEnv>(async function provideDatabase(c, next) {
      c.set('db', db);
      await next();
    }),
  );

  app.route('/', healthRoutes);
  app.route('/', mediaRoutes);
  for (const api of [storeRoutes, categoryRoutes, productRoutes, cmsRoutes, blogRoutes, countryRoutes]) app.route(apiPrefix, api);
  mountDocs(app);
  return app;
}
