import { agentDocumentRoute } from '../../../lib/agents/agent-endpoint.ts';
import { mcpServerCard } from '../../../lib/agents/mcp-card.ts';
import { getConfig } from '../../../lib/config.ts';

/** GET /.well-known/mcp/server-card.json: discoverable from any origin (ACAO *); `available` with AGENT_COMMERCE on, else `planned`. */
export const ALL = agentDocumentRoute(async ({ origin, content }) => {
  const config = await content.config();
  return {
    body: JSON.stringify(mcpServerCard({ origin, storeName: config?.storeName ?? 'Store', available: getConfig().AGENT_COMMERCE === 'on' })),
    contentType: 'application/json',
    headers: { 'Access-Control-Allow-Origin': '*' },
  };
});
