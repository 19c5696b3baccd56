/**
 * `npm run admin:password -- <email>`: sets an admin's password from the server's shell, the fallback
 * when the "Forgot password?" email cannot arrive (no SMTP yet, a lost mailbox). The new password is
 * asked twice without echo on a terminal, or read from the first line of stdin when piped
 * (`printf '%s\n' "$NEW" | npm run admin:password -- admin@example.com`), never from the command
 * line, where it would sit in the shell history and the process list. Like a reset by email, it ends
 * the admin's sessions and tokens and lifts a sign-in lock.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { setAdminPassword } from '../platform/auth/admin-password-reset.ts';
import { hashPassword } from '../platform/auth/password.ts';
import { AdminPassword } from '../platform/admin/password-reset-pages.ts';
import { DataDirInUseError } from '../platform/db/data-dir-lock.ts';
import { openDatabase } from '../platform/db/open.ts';
import { adminUsers } from '../platform/db/schema/index.ts';
import { databaseTarget, EnvError, parseEnv } from '../env.ts';

const usage = `Usage: npm run admin:password -- <admin email>

Sets the admin's password (asked twice, or the first line of stdin) in the database the backend uses
(DATABASE_URL, else PGlite in PGLITE_DIR; stop the backend first when it uses PGlite).`;

class UsageError extends Error {}

/** The new password: two hidden answers on a terminal, else the first line of stdin. */
async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    throw new UsageError('No password on stdin.');
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    muted = true;
    const answer = await terminal.question('');
    muted = false;
    process.stdout.write('\n');
    return answer;
  };
  try {
    const first = await ask('New password: ');
    if ((await ask('Repeat it: ')) !== first) throw new UsageError('The two passwords differ.');
    return first;
  } finally {
    terminal.close();
  }
}

async function main(): Promise<void> {
  const [email, ...rest] = process.argv.slice(2);
  if (!email || email === '--help' || rest.length > 0) throw new UsageError(email ? 'Give one email.' : 'Give the admin\'s email.');
  const password = await readNewPassword();
  const policy = AdminPassword.safeParse(password);
  if (!policy.success) throw new UsageError(`The password is refused: ${policy.error.issues[0]!.message}`);
  const database = await openDatabase(databaseTarget(parseEnv()));
  try {
    await database.migrate();
    const [admin] = await database.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email.trim().toLowerCase()));
    if (!admin) throw new UsageError(`No admin has the email ${email}.`);
    const passwordHash = await hashPassword(password);
    await database.db.transaction((tx) => setAdminPassword(tx, admin.id, passwordHash));
    console.log(`The password of ${email} is set; its sessions and tokens ended.`);
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
  else if (error instanceof EnvError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
}
