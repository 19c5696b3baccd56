/**
 * The Worker's entry (wrangler.toml `main`): Astro's handler answers every request; the sync
 * coordinator, a Durable Object, is exported from here for its binding (README "Sync at scale").
 */
import { handle } from '@astrojs/cloudflare/handler';

export { SyncCoordinator } from './lib/sync/coordinator.ts';

export default {
  fetch: handle,
} satisfies ExportedHandler<Env>;
