/**
 * The Worker's entry (wrangler.toml `main`): what needs no rendering is answered by the storefront
 * pipeline before Astro starts (lib/pipeline/early-response.ts), everything else by Astro's handler;
 * the sync coordinator, a Durable Object, is exported from here for its binding (README "Sync at scale").
 *
 * Every answer leaves through here, so the standard headers (the api-catalog `Link` of SPEC.md,
 * the security headers) are applied here and nowhere else: redirects, 304s, errors of any route,
 * the early path's answers and a failure of the entry itself all carry them (DECISIONS.md 55).
 */
import { handle } from '@astrojs/cloudflare/handler';
import { getConfig } from './lib/config.ts';
import { serverErrorResponse } from './lib/http/server-error.ts';
import { withStandardHeaders } from './lib/http/standard-headers.ts';
import { earlyPath, type EarlyPath } from './lib/pipeline/early-response.ts';
import { storefrontPipeline } from './lib/pipeline/storefront-pipeline.ts';

export { SyncCoordinator } from './lib/sync/coordinator.ts';

/** Built on the first request, as the configuration is read then. */
let answerEarly: EarlyPath | undefined;

function early(env: Env): EarlyPath | null {
  try {
    return (answerEarly ??= earlyPath({ pipeline: storefrontPipeline, config: getConfig(), kv: env.CONTENT }));
  } catch {
    return null; // a bad configuration: Astro's path answers with the error, as it always has
  }
}

async function answer(request: Request, env: Env, execution: ExecutionContext): Promise<Response> {
  try {
    return (await early(env)?.(request, execution)) ?? (await handle(request, env, execution));
  } catch (error) {
    // Astro answers a failing page itself (src/pages/500.astro); this is for a failure around it.
    console.error(`${request.method} ${new URL(request.url).pathname} failed in the worker entry:`, error);
    return serverErrorResponse(request);
  }
}

export default {
  async fetch(request, env, execution) {
    return withStandardHeaders(await answer(request, env, execution), new URL(request.url));
  },
} satisfies ExportedHandler<Env>;
