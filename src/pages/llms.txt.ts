import { agentDocumentRoute } from '../lib/agents/agent-endpoint.ts';
import { renderLlmsTxt } from '../lib/agents/llms-txt.ts';
import { guestOpenPaths } from '../lib/agents/walled-store.ts';
import { topCategories } from '../lib/catalog/category-tree.ts';
import { loadShell } from '../lib/catalog/page-data.ts';
import { getConfig } from '../lib/config.ts';

/**
 * GET /llms.txt: the store guide for agents, from KV per request (store and origin vary by host).
 * Behind a store-wide login wall it names no category and only the footer pages a guest may open.
 */
export const ALL = agentDocumentRoute(async ({ origin, content }) => {
  const shell = await loadShell(content);
  if (!shell) {
    return { status: 503, body: '# Store\n\n> This store has not loaded its catalog yet.\n', contentType: 'text/plain; charset=utf-8', headers: { 'Cache-Control': 'no-store' } };
  }
  const open = guestOpenPaths(shell.config);
  const categories = open ? [] : topCategories(shell.tree);
  const footerLinks = open ? shell.footerLinks.filter((page) => open.has(page.href)) : shell.footerLinks;
  return {
    body: renderLlmsTxt({ origin, config: shell.config, categories, footerLinks, agentCommerce: getConfig().AGENT_COMMERCE === 'on' }),
    contentType: 'text/plain; charset=utf-8',
  };
});
