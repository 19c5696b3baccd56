import { agentDocumentRoute } from '../../lib/agents/agent-endpoint.ts';
import { protectedResourceMetadata } from '../../lib/agents/oauth-protected-resource.ts';
import { getConfig } from '../../lib/config.ts';

/**
 * GET /.well-known/oauth-protected-resource (RFC 9728): the MCP server's metadata, which its 401s
 * point at (DECISIONS.md 59); readable from any origin. 404 while agent commerce is off (no resource).
 */
export const ALL = agentDocumentRoute(({ origin }) =>
  getConfig().AGENT_COMMERCE === 'on'
    ? { body: JSON.stringify(protectedResourceMetadata(origin)), contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' } }
    : { status: 404, body: JSON.stringify({ error: 'not_found', message: 'This store has no protected resource while agent commerce is off.' }), contentType: 'application/json' },
);
