import { AGENT_PATHS } from '../lib/agents/agent-paths.ts';
import { agentDocumentRoute } from '../lib/agents/agent-endpoint.ts';
import { absoluteUrl } from '../lib/agents/public-origin.ts';
import { renderRobotsTxt } from '../lib/agents/robots.ts';

/** GET /robots.txt. On demand, not prerendered: its Sitemap line is absolute on the store's origin. */
export const ALL = agentDocumentRoute(({ origin }) => ({
  body: renderRobotsTxt({ sitemapUrl: absoluteUrl(origin, AGENT_PATHS.sitemap) }),
  contentType: 'text/plain; charset=utf-8',
}));
