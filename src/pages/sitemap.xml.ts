import { agentDocumentRoute } from '../lib/agents/agent-endpoint.ts';
import { countedKv, kvServerTiming } from '../lib/agents/counted-kv.ts';
import { renderSitemap } from '../lib/agents/sitemap.ts';
import { loadSitemapSource } from '../lib/agents/sitemap-source.ts';
import { contentStore } from '../lib/content/content-store.ts';

/**
 * GET /sitemap.xml: the store's URLs from KV key listings (with their metadata), per request; the
 * KV operations it took are reported in `Server-Timing`.
 */
export const ALL = agentDocumentRoute(async ({ origin, store, kv }) => {
  const counted = countedKv(kv);
  const source = await loadSitemapSource(counted.kv, store, contentStore(counted.kv, store).categories);
  return {
    body: renderSitemap({ origin, ...source }),
    contentType: 'application/xml; charset=utf-8',
    headers: { 'Server-Timing': kvServerTiming(counted.count) },
  };
});
