/**
 * Which SYNC_SECRET values the storefront accepts as set (DECISIONS.md 1). On its own, without the
 * worker's types, so the scripts that start a storefront can tell whether it will check a secret.
 */
const MIN_SECRET_LENGTH = 16;
const PLACEHOLDERS = new Set(['changeme', 'replace_me']);

export function isUsableSecret(secret: string | undefined): secret is string {
  return !!secret && secret.length >= MIN_SECRET_LENGTH && !PLACEHOLDERS.has(secret.toLowerCase());
}
