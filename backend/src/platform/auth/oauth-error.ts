import { AppError, type ErrorKind } from '../errors.ts';

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

const kindOf: Record<OAuthErrorCode, ErrorKind> = {
  invalid_request: 'invalid',
  invalid_client: 'unauthorized',
  invalid_grant: 'invalid',
  unsupported_grant_type: 'invalid',
  invalid_scope: 'invalid',
};

/**
 * An RFC 6749 §5.2 error in our error format: `error` is the OAuth code and `error_description` repeats
 * `message`, so OAuth libraries and our own clients both read it. invalid_client answers 401 with a
 * Basic challenge (§5.2: when the client tried HTTP authentication).
 */
export function oauthError(code: OAuthErrorCode, description: string): AppError {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (code === 'invalid_client') headers['WWW-Authenticate'] = 'Basic realm="token", charset="UTF-8"';
  return new AppError(kindOf[code], code, description, undefined, { headers, fields: { error_description: description } });
}
