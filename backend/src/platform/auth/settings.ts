import { randomBytes } from 'node:crypto';

export interface AuthSettings {
  /** HS256 key; at least 32 bytes. */
  secret: Uint8Array;
  /** `iss` of issued tokens and the value checked on the way in. */
  issuer: string;
  /** `aud` of issued tokens. */
  audience: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Free sign-in attempts per (email, IP) pair before each further one waits (an IP gets four times as many); see LoginThrottle. */
  maxFailedLogins: number;
  lockoutSeconds: number;
}

export const defaultAuthSettings = {
  issuer: 'commerce-backend',
  audience: 'commerce-api',
  accessTtlSeconds: 3600,
  refreshTtlSeconds: 30 * 24 * 3600,
  maxFailedLogins: 5,
  lockoutSeconds: 15 * 60,
} as const;

/**
 * Fills the gaps; without a configured secret a random one is made, so tokens do not survive a
 * restart (server.ts warns about it).
 */
export function authSettings(partial: Partial<Omit<AuthSettings, 'secret'>> & { secret?: string | Uint8Array } = {}): AuthSettings {
  const secret = typeof partial.secret === 'string' ? new TextEncoder().encode(partial.secret) : (partial.secret ?? randomBytes(32));
  return { ...defaultAuthSettings, ...partial, secret };
}
