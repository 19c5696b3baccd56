import type { TestShop } from './test-shop.ts';

/** Signs in through the login route and returns the Authorization header to send. */
export async function bearerFor(shop: TestShop, account: { email: string; password: string }, headers: Record<string, string> = {}): Promise<{ authorization: string }> {
  const { status, body } = await shop.send<{ access_token: string }>('POST', '/api/rest/v2/auth/login', { json: account, headers });
  if (status !== 200) throw new Error(`login of ${account.email} failed with ${status}`);
  return { authorization: `Bearer ${body.access_token}` };
}
