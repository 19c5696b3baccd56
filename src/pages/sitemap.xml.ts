import { agentDocumentRoute } from '../lib/agents/agent-endpoint.ts';
import { kvServerTiming, readCountedKv } from '../lib/agents/kv-server-timing.ts';
import { renderSitemap } from '../lib/agents/sitemap.ts';
import { loadSitemapSource } from '../lib/agents/sitemap-source.ts';
import { guestOpenPaths, openSitemapSource } from '../lib/agents/walled-store.ts';
import { contentStore } from '../lib/content/content-store.ts';

/**
 * GET /sitemap.xml: the store's URLs from KV key listings (with their metadata), per request; the
 * KV operations it took are reported in `Server-Timing`. Behind a store-wide login wall only the
 * pages a guest may open are listed.
 */
export const ALL = agentDocumentRoute(async ({ origin, store, kv }) => {
  const counted = readCountedKv(kv);
  const content = contentStore(counted.kv, store);
  const [source, config] = await Promise.all([loadSitemapSource(counted.kv, store, content.categories), content.config()]);
  const open = config ? guestOpenPaths(config) : null;
  return {
    body: renderSitemap(open ? { origin, ...openSitemapSource(source, open), includeHome: false } : { origin, ...source }),
    contentType: 'application/xml; charset=utf-8',
    headers: { 'Server-Timing': kvServerTiming(counted.count) },
  };
});
