import { agentDocumentRoute } from '../lib/agents/agent-endpoint.ts';
import { renderSitemap } from '../lib/agents/sitemap.ts';
import { loadSitemapSource } from '../lib/agents/sitemap-source.ts';

/** GET /sitemap.xml: the store's URLs from KV key listings (with their metadata), per request. */
export const ALL = agentDocumentRoute(async ({ origin, store, content, kv }) => ({
  body: renderSitemap({ origin, ...(await loadSitemapSource(kv, store, content.categories)) }),
  contentType: 'application/xml; charset=utf-8',
}));
