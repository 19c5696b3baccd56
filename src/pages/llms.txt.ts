import { agentDocumentRoute } from '../lib/agents/agent-endpoint.ts';
import { renderLlmsTxt } from '../lib/agents/llms-txt.ts';
import { topCategories } from '../lib/catalog/category-tree.ts';
import { loadShell } from '../lib/catalog/page-data.ts';

/** GET /llms.txt: the store guide for agents, from KV per request (store and origin vary by host). */
export const ALL = agentDocumentRoute(async ({ origin, content }) => {
  const shell = await loadShell(content);
  if (!shell) {
    return { status: 503, body: '# Store\n\n> This store has not loaded its catalog yet.\n', contentType: 'text/plain; charset=utf-8', headers: { 'Cache-Control': 'no-store' } };
  }
  return {
    body: renderLlmsTxt({ origin, config: shell.config, categories: topCategories(shell.tree), footerLinks: shell.footerLinks }),
    contentType: 'text/plain; charset=utf-8',
  };
});
