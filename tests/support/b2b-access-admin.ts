/**
 * Configures the B2B Access module of a test shop through its admin REST API (DECISIONS.md 25,
 * 27, 29), the way a merchant's tooling would: an admin token by the password grant, then the
 * configuration and rules endpoints. Tests set up their own gating this way, not from demo data.
 */
import { expect } from 'vitest';
import type { TestShop } from './shop.ts';

/** The admin startShop creates (its ADMIN_EMAIL / ADMIN_PASSWORD). */
const ADMIN = { email: 'admin@example.com', password: 'Admin#Test2026' };

export interface AccessAdmin {
  /** PUT /config: fields sent replace stored ones (objects merge). */
  configure: (config: Record<string, unknown>) => Promise<void>;
  /** POST /rules; answers the rule's id. */
  addRule: (rule: Record<string, unknown>) => Promise<number>;
}

export async function accessAdmin(shop: TestShop): Promise<AccessAdmin> {
  const api = `${shop.backend.url}/api/rest/v2`;
  const grant = await fetch(`${api}/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: ADMIN.email, password: ADMIN.password, scope: 'admin' }),
  });
  expect(grant.status).toBe(200);
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${api}/admin/b2b-access${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
    return answer;
  };
  return {
    configure: async (config) => void (await send('PUT', '/config', config)),
    addRule: async (rule) => ((await send('POST', '/rules', rule)) as { id: number }).id,
  };
}
