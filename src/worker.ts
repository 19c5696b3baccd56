/**
 * The Worker's entry (wrangler.toml `main`): what needs no rendering is answered by the storefront
 * pipeline before Astro starts (lib/pipeline/early-response.ts), everything else by Astro's handler;
 * the sync coordinator, a Durable Object, is exported from here for its binding (README "Sync at scale").
 */
import { handle } from '@astrojs/cloudflare/handler';
import { getConfig } from './lib/config.ts';
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

export default {
  async fetch(request, env, execution) {
    return (await early(env)?.(request, execution)) ?? handle(request, env, execution);
  },
} satisfies ExportedHandler<Env>;
