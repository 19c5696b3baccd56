/**
 * The admin's "Forgot password?" (issue 31): /admin/forgot-password asks for the email and always
 * answers the same page, so it tells nobody which admin emails exist; /admin/reset-password?token=…
 * (the emailed link) sets a new password, which signs the admin out everywhere. Both are reachable
 * without a session and carry the login form's double-submit CSRF token.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { z } from 'zod';
import { adminResetTokenUsable, requestAdminPasswordReset, resetAdminPassword } from '../auth/admin-password-reset.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/client-ip.ts';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../http/credential-fields.ts';
import { checkCsrf } from './csrf.ts';
import { layout } from './layout.ts';
import { issueLoginCsrf, loginCsrfCookie } from './sessions.ts';

/** Stricter than a shopper's: an admin password opens every order and customer, so 12 characters at least. */
export const AdminPassword = z
  .string()
  .min(12, 'At least 12 characters.')
  .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters.`)
  .refine((value) => /\p{L}/u.test(value) && /[^\p{L}]/u.test(value), 'Use letters and at least one digit or symbol.');

const ForgotForm = z.object({ email: z.string().trim().min(1).max(MAX_EMAIL_LENGTH), _csrf: z.string() });
const Token = z.string().min(1).max(200);
const ResetForm = z.object({ token: Token, password: z.string(), confirm: z.string(), _csrf: z.string() });

const noStore = { 'Cache-Control': 'no-store' };

function forgotPage(csrf: string, sent = false, error?: string) {
  return layout(
    { title: 'Forgot password', error },
    sent
      ? html`<p role="status">If that email belongs to an admin, a link to choose a new password is on its way. It works once, for one hour.</p>
          <p><a href="/admin/login">Back to sign in</a></p>`
      : html`<form method="post" action="/admin/forgot-password">
          <input type="hidden" name="_csrf" value="${csrf}" />
          <label>Email <input type="email" name="email" autocomplete="username" maxlength="${MAX_EMAIL_LENGTH}" required /></label>
          <button type="submit">Email me a link</button>
        </form>
        <p><a href="/admin/login">Back to sign in</a></p>`,
  );
}

function resetPage(csrf: string, token: string, error?: string) {
  return layout(
    { title: 'Choose a new password', error },
    html`<form method="post" action="/admin/reset-password">
      <input type="hidden" name="_csrf" value="${csrf}" />
      <input type="hidden" name="token" value="${token}" />
      <label>New password <input type="password" name="password" autocomplete="new-password" minlength="12" maxlength="${MAX_PASSWORD_LENGTH}" required /></label>
      <label>Repeat it <input type="password" name="confirm" autocomplete="new-password" required /></label>
      <button type="submit">Set password</button>
    </form>`,
  );
}

function deadLinkPage() {
  return layout(
    { title: 'Link not valid', error: 'This link is not valid any more: it was used, it expired (after one hour) or it is incomplete.' },
    html`<p><a href="/admin/forgot-password">Ask for a new link</a></p>`,
  );
}

/**
 * The link's address: ADMIN_URL when set, else the origin this request came to. Set ADMIN_URL in
 * production: without it a forged Host header could make the emailed link point elsewhere (the
 * email still goes only to the admin's own address).
 */
function resetLink(c: Context, adminUrl: string | undefined, token: string): string {
  return new URL(`/admin/reset-password?${new URLSearchParams({ token })}`, adminUrl ?? new URL(c.req.url).origin).href;
}

export function passwordResetRoutes(options: { adminUrl?: string }) {
  return new Hono<AppEnv>()
    .get('/forgot-password', (c) => c.html(forgotPage(issueLoginCsrf(c)), 200, noStore))
    .post('/forgot-password', async (c) => {
      const parsed = ForgotForm.safeParse(await c.req.parseBody());
      if (!parsed.success) return c.html(forgotPage(issueLoginCsrf(c), false, 'Enter your email.'), 400, noStore);
      checkCsrf(parsed.data._csrf, getCookie(c, loginCsrfCookie));
      // Sent, unknown or over the limit: the same page, so the answer reveals nothing.
      await requestAdminPasswordReset(c.var.db, c.var.mailer, { email: parsed.data.email, ip: clientIp(c) }, (token) => resetLink(c, options.adminUrl, token));
      return c.html(forgotPage('', true), 200, noStore);
    })
    .get('/reset-password', async (c) => {
      const token = Token.safeParse(c.req.query('token'));
      if (!token.success || !(await adminResetTokenUsable(c.var.db, token.data))) return c.html(deadLinkPage(), 400, noStore);
      // The token is in the URL: no Referer may carry it to another site.
      return c.html(resetPage(issueLoginCsrf(c), token.data), 200, { ...noStore, 'Referrer-Policy': 'no-referrer' });
    })
    .post('/reset-password', async (c) => {
      const parsed = ResetForm.safeParse(await c.req.parseBody());
      if (!parsed.success) return c.html(deadLinkPage(), 400, noStore);
      checkCsrf(parsed.data._csrf, getCookie(c, loginCsrfCookie));
      const { token, password, confirm } = parsed.data;
      const policy = AdminPassword.safeParse(password);
      const problem = !policy.success ? policy.error.issues[0]!.message : password !== confirm ? 'The two passwords differ.' : undefined;
      if (problem) return c.html(resetPage(issueLoginCsrf(c), token, problem), 400, noStore);
      try {
        await resetAdminPassword(c.var.db, token, password);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'invalid_token') throw error;
        return c.html(deadLinkPage(), 400, noStore);
      }
      return c.redirect('/admin/login?reset=1', 303);
    });
}
