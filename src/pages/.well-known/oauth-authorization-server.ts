import { agentDocumentRoute } from '../../lib/agents/agent-endpoint.ts';
import { oauthMetadata } from '../../lib/agents/oauth-metadata.ts';

/** GET /.well-known/oauth-authorization-server (RFC 8414); the issuer is the store's origin. */
export const ALL = agentDocumentRoute(({ origin }) => ({
  body: JSON.stringify(oauthMetadata(origin)),
  contentType: 'application/json',
}));
