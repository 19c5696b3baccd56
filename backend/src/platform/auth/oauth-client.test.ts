import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-clients.ts';
import { listen } from '../../../test/helpers/http-server.ts';
import { shopper } from '../../../test/helpers/shop-data.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

/*
 * What a third-party integrator does: a maintained OAuth 2.0 client library (oauth4webapi) talking to
 * the running backend over real HTTP, with no knowledge of our code.
 */
describe.each(dialects)('OAuth 2.0 with oauth4webapi over HTTP (%s)', (dialect) => {
  let shop: TestShop;
  let server: Awaited<ReturnType<typeof listen>>;
  let as: oauth.AuthorizationServer;
  const http = { [oauth.allowInsecureRequests]: true };

  beforeAll(async () => {
    shop = await openTestShop(dialect);
    server = await listen(shop);
    as = {
      issuer: server.url,
      token_endpoint: `${server.url}/api/rest/v2/auth/token`,
      revocation_endpoint: `${server.url}/api/rest/v2/auth/logout`,
    };
  });
  afterAll(async () => {
    await server.close();
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  const me = (accessToken: string) => fetch(`${server.url}/api/rest/v2/customers/me`, { headers: { authorization: `Bearer ${accessToken}` } });

  it('drives the password grant, refresh rotation, reuse detection and revocation', async () => {
    const storefront: oauth.Client = { client_id: 'storefront' };
    const login = await oauth.genericTokenEndpointRequest(as, storefront, oauth.None(), 'password', { username: shopper.email, password: shopper.password, scope: 'customer' }, http);
    const tokens = await oauth.processGenericTokenEndpointResponse(as, storefront, login);
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'customer', expires_in: 3600 });
    expect((await me(tokens.access_token)).status).toBe(200);

    const rotated = await oauth.processRefreshTokenResponse(as, storefront, await oauth.refreshTokenGrantRequest(as, storefront, oauth.None(), tokens.refresh_token!, http));
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(rotated.access_token)).status).toBe(200);

    const reuse = oauth.processRefreshTokenResponse(as, storefront, await oauth.refreshTokenGrantRequest(as, storefront, oauth.None(), tokens.refresh_token!, http));
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });

    const fresh = await oauth.processGenericTokenEndpointResponse(
      as,
      storefront,
      await oauth.genericTokenEndpointRequest(as, storefront, oauth.None(), 'password', { username: shopper.email, password: shopper.password }, http),
    );
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, storefront, oauth.None(), fresh.access_token, http));
    expect((await me(fresh.access_token)).status).toBe(401);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, storefront, oauth.None(), fresh.refresh_token!, { ...http, additionalParameters: { token_type_hint: 'refresh_token' } }));
    const afterRevoke = oauth.processRefreshTokenResponse(as, storefront, await oauth.refreshTokenGrantRequest(as, storefront, oauth.None(), fresh.refresh_token!, http));
    await expect(afterRevoke).rejects.toMatchObject({ error: 'invalid_grant' });

    const wrong = oauth.processGenericTokenEndpointResponse(
      as,
      storefront,
      await oauth.genericTokenEndpointRequest(as, storefront, oauth.None(), 'password', { username: shopper.email, password: 'nope' }, http),
    );
    await expect(wrong).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('drives client_credentials with client_secret_basic and client_secret_post', async () => {
    const { clientId, clientSecret } = await createApiClient(shop.database.db, 'Integrator');
    const client: oauth.Client = { client_id: clientId };
    for (const auth of [oauth.ClientSecretBasic(clientSecret), oauth.ClientSecretPost(clientSecret)]) {
      const response = await oauth.clientCredentialsGrantRequest(as, client, auth, { scope: 'api_user' }, http);
      const tokens = await oauth.processClientCredentialsResponse(as, client, response);
      expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'api_user' });
      expect(tokens.refresh_token).toBeUndefined();
      const catalog = await fetch(`${server.url}/api/rest/v2/products?itemsPerPage=1`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(catalog.status).toBe(200);
      expect(catalog.headers.get('cache-control')).toBe('private, max-age=60');
    }
    const bad = oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic('wrong'), {}, http));
    // invalid_client comes as a 401 with a Basic challenge (RFC 6749 §5.2), which the library surfaces as such.
    const error = await bad.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((error as oauth.WWWAuthenticateChallengeError).status).toBe(401);
    expect((error as oauth.WWWAuthenticateChallengeError).cause[0]?.scheme).toBe('basic');
  });
});
