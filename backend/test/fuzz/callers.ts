/** The fuzzer's callers: a customer and the admin, signed in over HTTP as any client would. */
export async function signInCallers(
  baseUrl: string,
  customer: { email: string; password: string },
  admin: { email: string; password: string },
): Promise<{ customer: string; admin: string }> {
  const login = await fetch(`${baseUrl}/api/rest/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(customer) });
  const adminGrant = await fetch(`${baseUrl}/api/rest/v2/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: admin.email, password: admin.password, scope: 'admin' }),
  });
  if (login.status !== 200 || adminGrant.status !== 200) throw new Error(`signing in failed: customer ${login.status}, admin ${adminGrant.status}`);
  const token = async (response: Response) => `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
  return { customer: await token(login), admin: await token(adminGrant) };
}
