import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes are self-describing strings:
 *
 *   scrypt$<N>$<r>$<p>$<salt, base64url>$<derived key, base64url>
 *
 * N (cost), r (block size) and p (parallelism) are stored with each hash so they can be raised later
 * without invalidating existing hashes. The salt is 16 random bytes, the derived key 32 bytes.
 */
const defaults = { N: 16384, r: 8, p: 1 };
const keyLength = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, defaults);
  return ['scrypt', defaults.N, defaults.r, defaults.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check; false (never an exception) for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
