import { agentDocumentRoute } from '../../lib/agents/agent-endpoint.ts';
import { paymentProviderOf } from '../../lib/agents/mcp/payment-handlers.ts';
import { ucpBusinessProfile } from '../../lib/agents/ucp-profile.ts';
import { getConfig } from '../../lib/config.ts';

/**
 * GET /.well-known/ucp: UCP's business profile (DECISIONS.md 59), readable from any origin as
 * agents discover it cross-site. 404 while agent commerce is off: there is no UCP service to name.
 */
export const ALL = agentDocumentRoute(async ({ origin, content }) =>
  getConfig().AGENT_COMMERCE === 'on'
    ? {
        body: JSON.stringify(ucpBusinessProfile(origin, paymentProviderOf(await content.config()))),
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
      }
    : { status: 404, body: JSON.stringify({ error: 'not_found', message: 'This store does not offer agent commerce.' }), contentType: 'application/json' },
);
