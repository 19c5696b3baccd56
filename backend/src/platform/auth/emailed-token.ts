import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens of single-use emailed links (password setting, linking guest orders): 32 random bytes,
 * base64url in the link; the database keeps only the SHA-256, so a leaked table opens nothing.
 */
export function newEmailedToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashEmailedToken(token) };
}

export const hashEmailedToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
