import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { shopper, tradeBuyer } from '../../../../test/helpers/shop-data.ts';
import { bearerFor } from '../../../../test/helpers/sign-in.ts';
import { openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';
import type { Dialect } from '../../../platform/db/database.ts';
import b2bAccess from '../index.ts';
import type { RuleView } from '../rules/service.ts';

export const adminBase = '/api/rest/v2/admin/b2b-access';
export const tradeMessage = 'Trade prices are shown to approved trade accounts. Sign in or apply for one.';

/** The callers the API tests compare: a guest, a General shopper, the Wholesale buyer and an admin token. */
export interface AccessShop {
  shop: TestShop;
  guest: Record<string, string>;
  general: Record<string, string>;
  wholesale: Record<string, string>;
  admin: Record<string, string>;
  /** Creates a rule through the admin API (as the admin pages do). */
  addRule(rule: Record<string, unknown>): Promise<RuleView>;
  deleteRule(id: number): Promise<void>;
  configure(patch: Record<string, unknown>): Promise<void>;
}

/** The test catalog with B2B Access loaded and configured over its admin API. */
export async function openAccessShop(dialect: Dialect, config: Record<string, unknown>): Promise<AccessShop> {
  const shop = await openTestShop(dialect, { modules: [b2bAccess] });
  const admin = await adminBearer(shop);
  const configure = async (patch: Record<string, unknown>) => {
    const saved = await shop.send('PUT', `${adminBase}/config`, { json: patch, headers: admin });
    if (saved.status !== 200) throw new Error(`config refused: ${JSON.stringify(saved.body)}`);
  };
  await configure(config);
  return {
    shop,
    guest: {},
    general: await bearerFor(shop, shopper),
    wholesale: await bearerFor(shop, tradeBuyer),
    admin,
    configure,
    async addRule(rule) {
      const created = await shop.send<RuleView>('POST', `${adminBase}/rules`, { json: rule, headers: admin });
      if (created.status !== 201) throw new Error(`rule refused: ${JSON.stringify(created.body)}`);
      return created.body;
    },
    async deleteRule(id) {
      const deleted = await shop.send('DELETE', `${adminBase}/rules/${id}`, { headers: admin });
      if (deleted.status !== 204) throw new Error(`rule ${id} not deleted: ${deleted.status}`);
    },
  };
}

export const tree = (...conditions: unknown[]) => ({ type: 'combine', aggregator: 'all', value: true, conditions });
export const leaf = (attribute: string, operator: string, value: unknown) => ({ type: 'attribute', attribute, operator, value });
