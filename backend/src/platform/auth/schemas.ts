import { z } from '@hono/zod-openapi';
import { EmailField, PasswordField, UsernameField } from '../http/credential-fields.ts';

export const TokenRequestSchema = z
  .object({
    grant_type: z.string().optional().openapi({ example: 'password', description: 'password, refresh_token or client_credentials' }),
    username: UsernameField.optional().openapi({ description: 'password grant: the customer email' }),
    password: PasswordField.optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional().openapi({ description: 'Space-separated; customer (password grant) or api_user (client_credentials).' }),
    client_id: z.string().optional().openapi({ description: 'client_secret_post; or use HTTP Basic (client_secret_basic)' }),
    client_secret: z.string().optional(),
  })
  .openapi('TokenRequest');

export const TokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    refresh_token: z.string().optional(),
    scope: z.string(),
  })
  .openapi('TokenResponse');

export const OAuthErrorSchema = z
  .object({ error: z.string().openapi({ example: 'invalid_grant' }), error_description: z.string(), message: z.string() })
  .openapi('OAuthError');

export const LoginRequestSchema = z.object({ email: EmailField, password: PasswordField }).openapi('LoginRequest');

export const RevokeRequestSchema = z
  .object({ token: z.string().optional(), token_type_hint: z.string().optional().openapi({ description: 'access_token or refresh_token; a hint only (RFC 7009 §2.1)' }) })
  .openapi('RevokeRequest');
