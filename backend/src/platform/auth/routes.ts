import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { customers } from '../db/schema/index.ts';
import type { Context } from 'hono';
import { mergeGuestCart } from '../../domains/carts/merge.ts';
import { cartTokenHeader } from '../../domains/carts/identity.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { ErrorSchema, jsonBody, jsonContent } from '../http/schemas.ts';
import { clientIp } from '../http/client-ip.ts';
import { authenticateAdmin } from './admin-login.ts';
import { authenticatedClient } from './client-authentication.ts';
import { authenticateCustomer } from './customer-login.ts';
import { oauthError } from './oauth-error.ts';
import { assertMayIssueToken } from './token-gate.ts';
import { LoginRequestSchema, OAuthErrorSchema, RevokeRequestSchema, TokenRequestSchema, TokenResponseSchema } from './schemas.ts';
import { issueAdminToken, issueClientToken, issueCustomerTokens, revokeToken, rotateRefreshToken, type TokenResponse } from './token-service.ts';

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

const formOrJson = <T>(schema: T) => ({
  'application/x-www-form-urlencoded': { schema },
  'application/json': { schema },
});

const tokenRoute = createRoute({
  method: 'post',
  path: '/auth/token',
  tags: ['Auth'],
  summary: 'OAuth 2.0 token endpoint (password, refresh_token, client_credentials)',
  description:
    'RFC 6749. Customers use the password grant (username = email) and rotate with refresh_token; admin users use the password grant with scope=admin (access token only); a reused refresh token revokes its family. API clients created in the admin use client_credentials with client_secret_basic or client_secret_post. Repeated failures answer 429 with Retry-After.',
  request: { body: { content: formOrJson(TokenRequestSchema) } },
  responses: {
    200: jsonContent(TokenResponseSchema, 'Tokens'),
    400: jsonContent(OAuthErrorSchema, 'invalid_request, invalid_grant, unsupported_grant_type or invalid_scope'),
    401: jsonContent(OAuthErrorSchema, 'invalid_client'),
    403: jsonContent(ErrorSchema, 'The account may not sign in: account_pending_approval (with error_description), account_rejected, or a refusal of a module'),
    429: jsonContent(ErrorSchema, 'Too many failed attempts'),
  },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['Auth'],
  summary: 'Customer login (the password grant as JSON {email, password})',
  description: 'Send X-Cart-Token to merge the guest cart into the customer cart.',
  request: { body: jsonBody(LoginRequestSchema) },
  responses: {
    200: jsonContent(TokenResponseSchema, 'Tokens'),
    400: jsonContent(ErrorSchema, 'Invalid request'),
    401: jsonContent(ErrorSchema, 'Wrong email or password'),
    403: jsonContent(ErrorSchema, 'The account may not sign in: account_pending_approval, account_rejected, or a refusal of a module'),
    429: jsonContent(ErrorSchema, 'Too many failed attempts'),
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['Auth'],
  summary: 'Token revocation (RFC 7009)',
  description: 'Revokes an access token, or a refresh token together with its whole family. Answers 200 for unknown tokens too.',
  request: { body: { content: formOrJson(RevokeRequestSchema) } },
  responses: { 200: jsonContent(RevokeRequestSchema.pick({}).openapi('Revoked'), 'Revoked (or nothing to revoke)'), 400: jsonContent(OAuthErrorSchema, 'No token given') },
});

/** The form body when form-encoded, else the JSON body (the route declares both; the other is {}). */
function tokenBody(form: object, json: object) {
  return Object.keys(form).length > 0 ? form : json;
}

function requireScope(requested: string | undefined, allowed: string): string {
  if (requested === undefined || requested.trim() === '') return allowed;
  const scopes = requested.split(' ').filter(Boolean);
  if (scopes.some((s) => s !== allowed)) throw oauthError('invalid_scope', `This grant can only have the scope "${allowed}".`);
  return allowed;
}

/** The checks of a login for a customer known by id (refresh); a deleted account gets invalid_grant. */
async function checkRefresh(c: Context<AppEnv>, customerId: number, tx: Db): Promise<void> {
  const [customer] = await tx
    .select({ id: customers.id, email: customers.email, groupId: customers.groupId, approvalStatus: customers.approvalStatus })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw oauthError('invalid_grant', 'The account no longer exists.');
  await assertMayIssueToken(c.var.hooks, tx, customer);
}

/**
 * Password check, then in one transaction the account's status check (hooks first, then the core's
 * default refusal) and the tokens, then the guest cart (X-Cart-Token) merged into the customer's.
 * Undefined for wrong credentials.
 */
async function signIn(c: Context<AppEnv>, email: string, password: string, scope: string): Promise<TokenResponse | undefined> {
  const customer = await authenticateCustomer(c, email, password);
  if (!customer) return undefined;
  const tokens = await c.var.db.transaction(async (tx) => {
    await assertMayIssueToken(c.var.hooks, tx, customer);
    return issueCustomerTokens(tx, c.var.auth, customer.id, scope);
  });
  const cartToken = c.req.header(cartTokenHeader);
  if (cartToken) await mergeGuestCart(c.var.db, cartToken, customer.id);
  return tokens;
}

export const authRoutes = createRouter()
  .openapi(
    tokenRoute,
    async (c) => {
      const body = tokenBody(c.req.valid('form'), c.req.valid('json'));
      const parsed = TokenRequestSchema.parse(body);
      const grant = parsed.grant_type;
      if (!grant) throw oauthError('invalid_request', 'grant_type is required.');
      const clientId = await authenticatedClient(c, parsed, { publicAllowed: grant !== 'client_credentials' });
      let tokens: TokenResponse;
      switch (grant) {
        case 'password': {
          if (!parsed.username || !parsed.password) throw oauthError('invalid_request', 'The password grant needs username and password.');
          if (parsed.scope?.trim() === 'admin') {
            const adminId = await authenticateAdmin(c.var.db, c.var.loginThrottle, { email: parsed.username, ip: clientIp(c) }, parsed.password);
            if (adminId === undefined) throw oauthError('invalid_grant', 'Wrong email or password.');
            tokens = await issueAdminToken(c.var.db, c.var.auth, adminId);
            break;
          }
          const issued = await signIn(c, parsed.username, parsed.password, requireScope(parsed.scope, 'customer'));
          if (!issued) throw oauthError('invalid_grant', 'Wrong email or password.');
          tokens = issued;
          break;
        }
        case 'refresh_token':
          if (!parsed.refresh_token) throw oauthError('invalid_request', 'refresh_token is required.');
          tokens = await rotateRefreshToken(c.var.db, c.var.auth, parsed.refresh_token, (customerId, tx) => checkRefresh(c, customerId, tx));
          break;
        case 'client_credentials':
          if (!clientId) throw oauthError('invalid_client', 'client_credentials needs client authentication (Basic or client_id + client_secret).');
          tokens = await issueClientToken(c.var.auth, clientId, requireScope(parsed.scope, 'api_user'));
          break;
        default:
          throw oauthError('unsupported_grant_type', `Grant type "${grant}" is not supported; use password, refresh_token or client_credentials.`);
      }
      return c.json(tokens, 200, noStore);
    },
  )
  .openapi(loginRoute, async (c) => {
    const { email, password } = c.req.valid('json');
    const tokens = await signIn(c, email, password, 'customer');
    if (!tokens) throw new AppError('unauthorized', 'invalid_credentials', 'Wrong email or password.');
    return c.json(tokens, 200, noStore);
  })
  .openapi(
    logoutRoute,
    async (c) => {
      const { token, token_type_hint } = RevokeRequestSchema.parse(tokenBody(c.req.valid('form'), c.req.valid('json')));
      if (!token) throw oauthError('invalid_request', 'token is required.');
      await revokeToken(c.var.db, c.var.auth, token, token_type_hint);
      return c.json({}, 200, noStore);
    },
  );
