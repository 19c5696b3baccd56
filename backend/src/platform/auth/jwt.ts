import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { AppError } from '../errors.ts';
import type { AuthSettings } from './settings.ts';

export type TokenUse = 'access' | 'refresh';

export interface TokenClaims {
  sub: string;
  jti: string;
  exp: number;
  /** Issue time, epoch seconds (compared with the account's tokensValidAfter: token-validity.ts). */
  iat: number;
  scope: string;
  /** Refresh tokens only: the login they descend from. */
  fam?: string;
}

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** Signs an HS256 JWT with iss, aud, sub, exp, iat, jti; `typ` in the header keeps access and refresh tokens apart. */
export async function signToken(
  settings: AuthSettings,
  use: TokenUse,
  claims: { sub: string; scope: string; fam?: string },
  ttlSeconds: number,
  /** Epoch seconds; the current second unless the account's tokensValidAfter is ahead (token-validity.ts). */
  issuedAt: number = Math.floor(Date.now() / 1000),
): Promise<SignedToken> {
  const jti = randomUUID();
  const payload: JWTPayload = { scope: claims.scope };
  if (claims.fam) payload.fam = claims.fam;
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: use === 'access' ? 'at+jwt' : 'rt+jwt' })
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setSubject(claims.sub)
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(settings.secret);
  return { token, jti, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) };
}

/** Verifies signature, algorithm, iss, aud, exp and token use; undefined for any token that is not ours and valid. */
export async function readToken(settings: AuthSettings, use: TokenUse, token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: ['HS256'],
      issuer: settings.issuer,
      audience: settings.audience,
      typ: use === 'access' ? 'at+jwt' : 'rt+jwt',
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    const { sub, jti, exp, iat, scope, fam } = payload;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number' || typeof iat !== 'number' || typeof scope !== 'string') return undefined;
    return { sub, jti, exp, iat, scope, fam: typeof fam === 'string' ? fam : undefined };
  } catch (error) {
    // jose's errors all mean "not a valid token"; anything else is a bug and must surface.
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

/** The 401 every protected route answers for a missing, malformed, expired or revoked token. */
export function invalidToken(message = 'The access token is missing, invalid, expired or revoked.'): AppError {
  return new AppError('unauthorized', 'invalid_token', message, undefined, { headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } });
}
