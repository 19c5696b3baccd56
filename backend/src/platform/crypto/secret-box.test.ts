import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretDecryptionError, secretKeyFrom } from './secret-box.ts';

const key = secretKeyFrom({ CONFIG_ENCRYPTION_KEY: 'k'.repeat(40) })!;

describe('secrets at rest', () => {
  it('round-trips, with a fresh nonce every time', () => {
    const a = encryptSecret(key, 'cf-token-0123456789abcdef');
    const b = encryptSecret(key, 'cf-token-0123456789abcdef');
    expect(a).not.toBe(b);
    expect(a).not.toContain('cf-token');
    expect(a.startsWith('v1.')).toBe(true);
    expect(decryptSecret(key, a)).toBe('cf-token-0123456789abcdef');
    expect(decryptSecret(key, encryptSecret(key, ''))).toBe('');
  });

  it('refuses a value under another key or altered in storage', () => {
    const stored = encryptSecret(key, 'secret value');
    const otherKey = secretKeyFrom({ JWT_SECRET: 'j'.repeat(40) })!;
    expect(() => decryptSecret(otherKey, stored)).toThrow(SecretDecryptionError);
    const [v, nonce, ciphertext, tag] = stored.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => decryptSecret(key, [v, nonce, flipped.toString('base64url'), tag].join('.'))).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(key, 'plaintext')).toThrow(SecretDecryptionError);
  });

  it('derives the key from CONFIG_ENCRYPTION_KEY first, else JWT_SECRET, else none', () => {
    expect(secretKeyFrom({})).toBeUndefined();
    expect(secretKeyFrom({ JWT_SECRET: 'j'.repeat(40) })?.length).toBe(32);
    const both = secretKeyFrom({ CONFIG_ENCRYPTION_KEY: 'k'.repeat(40), JWT_SECRET: 'j'.repeat(40) })!;
    expect(both.equals(key)).toBe(true);
    // HKDF under its own label: the key is not the JWT secret's bytes.
    expect(secretKeyFrom({ JWT_SECRET: 'j'.repeat(32) })!.equals(Buffer.from('j'.repeat(32)))).toBe(false);
  });

  it("derives a key of its own for each module: one module cannot open another's secrets", () => {
    const connector = secretKeyFrom({ CONFIG_ENCRYPTION_KEY: 'k'.repeat(40) }, 'storefront-connector')!;
    const forms = secretKeyFrom({ CONFIG_ENCRYPTION_KEY: 'k'.repeat(40) }, 'custom-forms')!;
    expect(connector.equals(key)).toBe(true);
    expect(forms.equals(connector)).toBe(false);
    expect(() => decryptSecret(forms, encryptSecret(connector, 'captcha secret'))).toThrow(SecretDecryptionError);
  });
});
