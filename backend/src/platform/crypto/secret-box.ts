import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest: AES-256-GCM with a random 96-bit nonce per value. The stored text is
 * `v1.<nonce>.<ciphertext>.<tag>` (base64url), so a later key or algorithm can be told apart.
 */
const version = 'v1';

export type SecretKey = Buffer & { readonly __brand: 'SecretKey' };

/** Where keys come from: CONFIG_ENCRYPTION_KEY, else JWT_SECRET. */
export interface KeyMaterial {
  CONFIG_ENCRYPTION_KEY?: string;
  JWT_SECRET?: string;
}

/**
 * A 32-byte key per module, derived with HKDF-SHA256 from CONFIG_ENCRYPTION_KEY (or JWT_SECRET) with the
 * module id as salt, so modules never share key material with each other or with token signing.
 * Undefined when neither is set: secrets are then refused rather than encrypted under a key that dies
 * with the process. (The storefront connector's secrets, stored before modules had a common
 * configuration, were derived the same way, so they still decrypt.)
 */
export function secretKeyFrom(env: KeyMaterial, moduleId = 'storefront-connector'): SecretKey | undefined {
  const material = env.CONFIG_ENCRYPTION_KEY ?? env.JWT_SECRET;
  if (!material) return undefined;
  const derived = hkdfSync('sha256', material, moduleId, 'config-encryption-v1', 32);
  return Buffer.from(derived) as SecretKey;
}

export function encryptSecret(key: SecretKey, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, nonce, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export class SecretDecryptionError extends Error {
  constructor() {
    super('A stored secret cannot be decrypted: CONFIG_ENCRYPTION_KEY (or JWT_SECRET) changed since it was saved. Enter the secret again.');
    this.name = 'SecretDecryptionError';
  }
}

/** Throws SecretDecryptionError when the value was tampered with or encrypted under another key. */
export function decryptSecret(key: SecretKey, stored: string): string {
  const [tag, nonce, ciphertext, authTag] = stored.split('.');
  if (tag !== version || !nonce || ciphertext === undefined || !authTag) throw new SecretDecryptionError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch (cause) {
    // GCM authentication failed: wrong key or altered value. The cause says nothing useful beyond that.
    throw Object.assign(new SecretDecryptionError(), { cause });
  }
}
