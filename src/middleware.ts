/**
 * Astro's middleware: the storefront pipeline (lib/pipeline/storefront-pipeline.ts, which lists its
 * steps) in front of Astro's routes. Page routes mark their answers `Vary: Accept` last, inside the
 * edge cache, so that cached copies carry it.
 */
import { defineMiddleware } from 'astro:middleware';
import { varyPageRoutes } from './lib/agents/markdown-negotiation.ts';
import { requestPasses } from './lib/pipeline/request-passes.ts';
import type { StepContext } from './lib/pipeline/step.ts';
import { storefrontPipeline } from './lib/pipeline/storefront-pipeline.ts';

const beforeRoutes = varyPageRoutes();

export const onRequest = defineMiddleware((astro, next) => {
  const context: StepContext = {
    request: astro.request,
    url: astro.url,
    routePattern: astro.routePattern,
    waitUntil: (promise) => astro.locals.cfContext.waitUntil(promise),
    // Cookies set through Astro.cookies join the response only after the middleware.
    routeSetCookies: () => [...astro.cookies.headers()].length > 0,
    passes: requestPasses(astro.locals.cfContext),
  };
  return storefrontPipeline(context, () => beforeRoutes(context, () => next()));
});
