import { processDiscoveryResponse } from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { oauthMetadata } from './oauth-metadata.ts';

describe('oauthMetadata', () => {
  it('is accepted by oauth4webapi discovery processing for the same issuer', async () => {
    const metadata = oauthMetadata('https://shop.example');
    const response = Response.json(metadata);
    const server = await processDiscoveryResponse(new URL('https://shop.example'), response);
    expect(server.token_endpoint).toBe('https://shop.example/api/auth/token');
    expect(server.revocation_endpoint).toBe('https://shop.example/api/auth/logout');
  });

  it('is refused for another issuer (a store cannot speak for another origin)', async () => {
    await expect(processDiscoveryResponse(new URL('https://au.shop.example'), Response.json(oauthMetadata('https://shop.example')))).rejects.toThrow(/issuer/);
  });

  it('has exactly the fields of SPEC.md, with no authorization endpoint or PKCE', () => {
    const metadata = oauthMetadata('https://shop.example');
    expect(metadata).toEqual({
      issuer: 'https://shop.example',
      token_endpoint: 'https://shop.example/api/auth/token',
      revocation_endpoint: 'https://shop.example/api/auth/logout',
      grant_types_supported: ['password', 'refresh_token', 'client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      response_types_supported: ['token'],
      scopes_supported: ['customer', 'admin', 'api_user'],
      token_endpoint_auth_signing_alg_values_supported: ['HS256'],
      service_documentation: 'https://shop.example/.well-known/api-catalog',
    });
  });
});
