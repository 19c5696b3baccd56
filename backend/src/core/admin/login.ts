import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { z } from 'zod';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { adminUsers } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/client-ip.ts';
import { checkCsrf } from './csrf.ts';
import { layout } from './layout.ts';
import { issueLoginCsrf, loginCsrfCookie, startSession } from './sessions.ts';

const decoyHash = hashPassword('decoy admin password that matches nothing');
const LoginForm = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(256), _csrf: z.string() });

function loginPage(csrf: string, error?: string) {
  return layout(
    { title: 'Sign in', error },
    html`<form method="post" action="/admin/login">
      <input type="hidden" name="_csrf" value="${csrf}" />
      <label>Email <input type="email" name="email" autocomplete="username" required /></label>
      <label>Password <input type="password" name="password" autocomplete="current-password" required /></label>
      <button type="submit">Sign in</button>
    </form>`,
  );
}

/** GET/POST /admin/login: throttled like the customer login (per email and per IP). */
export function loginRoutes(throttle: LoginThrottle) {
  return new Hono<AppEnv>()
    .get('/login', (c) => c.html(loginPage(issueLoginCsrf(c)), 200, { 'Cache-Control': 'no-store' }))
    .post('/login', async (c) => {
      const parsed = LoginForm.safeParse(await c.req.parseBody());
      if (!parsed.success) return c.html(loginPage(issueLoginCsrf(c), 'Enter your email and password.'), 400);
      checkCsrf(parsed.data._csrf, getCookie(c, loginCsrfCookie));
      const keys = { email: parsed.data.email.toLowerCase(), ip: clientIp(c) };
      try {
        await throttle.before(keys);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
        return c.html(loginPage(issueLoginCsrf(c), error.message), 429);
      }
      const [admin] = await c.var.db.select().from(adminUsers).where(eq(adminUsers.email, keys.email));
      const valid = await verifyPassword(parsed.data.password, admin?.passwordHash ?? (await decoyHash));
      if (!admin || !valid) {
        throttle.recordFailure(keys);
        return c.html(loginPage(issueLoginCsrf(c), 'Wrong email or password.'), 401);
      }
      throttle.recordSuccess(keys);
      await startSession(c, c.var.db, admin.id);
      return c.redirect('/admin', 303);
    });
}
