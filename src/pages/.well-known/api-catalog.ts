import { agentDocumentRoute } from '../../lib/agents/agent-endpoint.ts';
import { API_CATALOG_CONTENT_TYPE, apiCatalog, catalogLinkHeaders } from '../../lib/agents/api-catalog.ts';
import { getConfig } from '../../lib/config.ts';

/**
 * GET /.well-known/api-catalog (RFC 9727): the linkset; HEAD answers with the same links as `Link`
 * headers (the body is dropped for HEAD by the route frame).
 */
export const ALL = agentDocumentRoute(({ origin }) => {
  const agentCommerce = getConfig().AGENT_COMMERCE === 'on';
  return {
    body: JSON.stringify(apiCatalog(origin, agentCommerce)),
    contentType: API_CATALOG_CONTENT_TYPE,
    headers: { Link: catalogLinkHeaders(origin, agentCommerce).join(', ') },
  };
});
