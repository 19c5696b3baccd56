import { ensureAdminUser } from '../../src/platform/admin/ensure-admin.ts';
import { parsePage } from './html.ts';
import type { TestShop } from './test-shop.ts';

export const testAdmin = { email: 'admin@example.com', password: 'Admin#2026' };

/** The test admin (created if missing) signed in for the admin REST API: the password grant with scope=admin. */
export async function adminBearer(shop: TestShop): Promise<{ authorization: string }> {
  await ensureAdminUser(shop.database.db, testAdmin);
  const token = await shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/token', {
    form: { grant_type: 'password', username: testAdmin.email, password: testAdmin.password, scope: 'admin' },
  });
  return { authorization: `Bearer ${token.body.access_token}` };
}

/** A tiny cookie jar around app.request, enough for the admin's session and CSRF cookies. */
export function adminBrowser(shop: TestShop) {
  const cookies = new Map<string, string>();
  /** `form`: a field's value, or its values in order (ticked boxes of one name). */
  async function request(method: string, path: string, form?: Record<string, string | readonly string[]>) {
    const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await shop.app.request(path, { method, headers, body: form ? new URLSearchParams(Object.entries(form).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : value.map((one): [string, string] => [name, one])))).toString() : undefined });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value = ''] = pair!.split('=');
      if (/max-age=0/i.test(line)) cookies.delete(name!);
      else cookies.set(name!, value);
    }
    return { status: response.status, location: response.headers.get('location'), headers: response.headers, html: await response.text() };
  }
  /** The hidden CSRF field of the last page (every admin form carries one). */
  const csrfOf = (html: string) => parsePage(html).all('input[name="_csrf"]')[0]?.attribs.value ?? '';
  async function signIn(account = testAdmin) {
    const page = await request('GET', '/admin/login');
    return request('POST', '/admin/login', { ...account, _csrf: csrfOf(page.html) });
  }
  /** GET a page, then POST a form with its CSRF token, as a browser would. */
  async function submit(pagePath: string, action: string, fields: Record<string, string>) {
    const page = await request('GET', pagePath);
    return request('POST', action, { _csrf: csrfOf(page.html), ...fields });
  }
  return { request, csrfOf, signIn, submit, cookies };
}

/** The test admin (created if missing) signed into the admin panel. */
export async function signedInAdmin(shop: TestShop): Promise<ReturnType<typeof adminBrowser>> {
  await ensureAdminUser(shop.database.db, testAdmin);
  const admin = adminBrowser(shop);
  await admin.signIn();
  return admin;
}
