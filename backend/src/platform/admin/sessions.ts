import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/database.ts';
import { adminSessions, adminUsers } from '../db/schema/index.ts';
import type { AdminUser } from './admin-env.ts';

export const sessionCookie = 'admin_session';
const sessionHours = 8;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** HttpOnly (no script reads it), SameSite=Strict (no cross-site form carries it), Secure over HTTPS, scoped to /admin. */
export function cookieOptions(c: Context, maxAge: number) {
  return { httpOnly: true, sameSite: 'Strict' as const, secure: new URL(c.req.url).protocol === 'https:', path: '/admin', maxAge };
}

export async function startSession(c: Context, db: Db, adminUserId: number): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + sessionHours * 3600_000);
  // Expired sessions of anyone are swept on each login; the table stays small without a job.
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
  await db.insert(adminSessions).values({ idHash: hash(id), adminUserId, csrfToken: randomBytes(24).toString('base64url'), expiresAt });
  setCookie(c, sessionCookie, id, cookieOptions(c, sessionHours * 3600));
}

export async function currentSession(c: Context, db: Db): Promise<{ admin: AdminUser; csrfToken: string } | undefined> {
  const id = getCookie(c, sessionCookie);
  if (!id) return undefined;
  const [row] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, csrfToken: adminSessions.csrfToken })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(and(eq(adminSessions.idHash, hash(id)), gt(adminSessions.expiresAt, new Date())));
  return row && { admin: { id: row.id, email: row.email }, csrfToken: row.csrfToken };
}

export async function endSession(c: Context, db: Db): Promise<void> {
  const id = getCookie(c, sessionCookie);
  if (id) await db.delete(adminSessions).where(eq(adminSessions.idHash, hash(id)));
  deleteCookie(c, sessionCookie, { path: '/admin' });
}

/** A pre-login CSRF token (double-submit cookie): the login form must echo the cookie. */
export const loginCsrfCookie = 'admin_login_csrf';

export function issueLoginCsrf(c: Context): string {
  const token = getCookie(c, loginCsrfCookie) ?? randomBytes(24).toString('base64url');
  setCookie(c, loginCsrfCookie, token, cookieOptions(c, 3600));
  return token;
}
