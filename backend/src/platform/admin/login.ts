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

function loginPage(csrf: string, error?: string, notice?: string) {
  return layout(
    { title: 'Sign in', error },
    html`${notice ? html`<p role="status">${notice}</p>` : ''}<form method="post" action="/admin/login">
      <input type="hidden" name="_csrf" value="${csrf}" />
      <label>Email <input type="email" name="email" autocomplete="username" required /></label>
      <label>Password <input type="password" name="password" autocomplete="current-password" required /></label>
      <button type="submit">Sign in</button>
    </form>
    <p><a href="/admin/forgot-password">Forgot password?</a></p>`,
  );
}

/** GET/POST /admin/login: throttled like the customer login (per email and per IP). */
export function loginRoutes(throttle: LoginThrottle) {
  return new Hono<AppEnv>()
    .get('/login', (c) => c.html(loginPage(issueLoginCsrf(c), undefined, c.req.query('reset') === '1' ? 'Your password is set. Sign in with it.' : undefined), 200, { 'Cache-Control': 'no-store' }))
    .post('/login', async (c) => {
      const parsed = LoginForm.safeParse(await c.req.parseBody());
      if (!parsed.success) return c.html(loginPage(issueLoginCsrf(c), 'Enter your email and password.'), 400);
      checkCsrf(parsed.data._csrf, getCookie(c, loginCsrfCookie));
      let adminId: number | undefined;
      try {
        adminId = await authenticateAdmin(c.var.db, throttle, { email: parsed.data.email, ip: clientIp(c) }, parsed.data.password);
      } catch (error) {
        // Locked out: the form again, with the wait, instead of a JSON error.
        if (!(error instanceof AppError) || error.kind !== 'rate_limited') throw error;
        for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
        return c.html(loginPage(issueLoginCsrf(c), error.message), 429);
      }
      if (adminId === undefined) return c.html(loginPage(issueLoginCsrf(c), 'Wrong email or password.'), 401);
      await startSession(c, c.var.db, adminId);
      return c.redirect('/admin', 303);
    });
}
