/**
 * `npm run admin:password -- <email>` as an operator runs it: the real script in its own Node process
 * against a PGlite data directory, the password piped on stdin. PGlite only: the script's database
 * choice is the backend's own (env.ts `databaseTarget`), tested with the server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../platform/auth/password.ts';
import { openDatabase } from '../platform/db/open.ts';
import { adminUsers } from '../platform/db/schema/index.ts';

const script = resolve(import.meta.dirname, 'admin-password.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'admin-password-'));
const EMAIL = 'owner@shop.test';

function run(args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function storedAdmin() {
  const database = await openDatabase({ dataDir });
  try {
    const [admin] = await database.db.select().from(adminUsers).where(eq(adminUsers.email, EMAIL));
    return admin!;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await database.db.insert(adminUsers).values({ email: EMAIL, passwordHash: await hashPassword('the old passphrase 1') });
  } finally {
    await database.close();
  }
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin:password', () => {
  it('sets the password read from stdin and ends the sessions issued before it', async () => {
    const before = await storedAdmin();
    const result = await run([EMAIL.toUpperCase()], 'a brand new passphrase 2\n');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`The password of ${EMAIL.toUpperCase()} is set`);
    const after = await storedAdmin();
    expect(await verifyPassword('a brand new passphrase 2', after.passwordHash)).toBe(true);
    expect(await verifyPassword('the old passphrase 1', after.passwordHash)).toBe(false);
    expect(after.tokensValidAfter).not.toEqual(before.tokensValidAfter);
  }, 60_000);

  it('refuses, changing nothing, an unknown admin, a weak password, and a call without an email', async () => {
    const hash = (await storedAdmin()).passwordHash;
    const unknown = await run(['nobody@shop.test'], 'another fine passphrase 3\n');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No admin has the email nobody@shop.test.');
    const weak = await run([EMAIL], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('The password is refused');
    const none = await run([], '');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: npm run admin:password');
    expect((await storedAdmin()).passwordHash).toBe(hash);
  }, 60_000);
});
