import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { z } from 'zod';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { authenticateAdmin } from '../auth/admin-login.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/client-ip.ts';
import { MAX_EMAIL_LENGTH, PasswordField } from '../http/credential-fields.ts';
import { checkCsrf } from './csrf.ts';
import { layout } from './layout.ts';
import { issueLoginCsrf, loginCsrfCookie, startSession } from './sessions.ts';

const LoginForm = z.object({ email: z.string().trim().min(1).max(MAX_EMAIL_LENGTH), password: PasswordField, _csrf: z.string() });

/**
 * `email`: what the person typed, after a refused attempt: kept in the field and the cursor put in
 * the password (the usual slip is the password, and retyping a long address is the friction a top
 * product spares).
 */
function loginPage(csrf: string, { error, notice, email }: { error?: string; notice?: string; email?: string } = {}) {
  return layout(
    { title: 'Sign in', error },
    html`${notice ? html`<p role="status">${notice}</p>` : ''}<form method="post" action="/admin/login">
      <input type="hidden" name="_csrf" value="${csrf}" />
      <label>Email <input type="email" name="email" autocomplete="username" required value="${email ?? ''}" /></label>
      <label>Password <input type="password" name="password" autocomplete="current-password" required ${email ? html`autofocus` : ''}/></label>
      <button type="submit">Sign in</button>
    </form>
    <p><a href="/admin/forgot-password">Forgot password?</a></p>`,
  );
}

/** GET/POST /admin/login: throttled like the customer login (per email and per IP). */
export function loginRoutes(throttle: LoginThrottle) {
  return new Hono<AppEnv>()
    .get('/login', (c) => c.html(loginPage(issueLoginCsrf(c), { notice: c.req.query('reset') === '1' ? 'Your password is set. Sign in with it.' : undefined }), 200, { 'Cache-Control': 'no-store' }))
    .post('/login', async (c) => {
      const body = await c.req.parseBody();
      const parsed = LoginForm.safeParse(body);
      if (!parsed.success) {
        const typed = typeof body.email === 'string' ? body.email.trim().slice(0, MAX_EMAIL_LENGTH) : undefined;
        return c.html(loginPage(issueLoginCsrf(c), { error: 'Enter your email and password.', email: typed }), 400);
      }
      checkCsrf(parsed.data._csrf, getCookie(c, loginCsrfCookie));
      let adminId: number | undefined;
      try {
        adminId = await authenticateAdmin(c.var.db, throttle, { email: parsed.data.email, ip: clientIp(c) }, parsed.data.password);
      } catch (error) {
        // Locked out: the form again, with the wait, instead of a JSON error.
        if (!(error instanceof AppError) || error.kind !== 'rate_limited') throw error;
        for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
        return c.html(loginPage(issueLoginCsrf(c), { error: error.message, email: parsed.data.email }), 429);
      }
      if (adminId === undefined) return c.html(loginPage(issueLoginCsrf(c), { error: 'Wrong email or password.', email: parsed.data.email }), 401);
      await startSession(c, c.var.db, adminId);
      return c.redirect('/admin', 303);
    });
}
