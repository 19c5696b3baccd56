import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, visibleCatalogSize } from '../../../../test/helpers/test-shop.ts';
import { adminBase, leaf, openAccessShop, tree, type AccessShop } from './access-shop.ts';

interface Explained {
  mode: string;
  contexts: Record<'visibility' | 'checkout', { decidedBy: { ruleId: number; name: string } | { basic: string } | null; notFired: { ruleId: number; name: string; reason: string }[] }>;
  flags: { gateFlags: Record<string, boolean>; hiddenPriceMessage: string; redirectTo: string | null };
}

describe.each(dialects)('B2B Access admin tools: explain, live match count, attributes, OpenAPI (%s)', (dialect) => {
  let access: AccessShop;
  const admin = <T>(method: string, path: string, json?: unknown) => access.shop.send<T & { error?: string; details?: { field: string } }>(method, `${adminBase}${path}`, { json, headers: access.admin });

  beforeAll(async () => {
    access = await openAccessShop(dialect, { enabled: true, mode: 'rules', loginWall: { enabled: true } });
  });
  afterAll(async () => {
    expect(access.shop.loggedErrors).toEqual([]);
    await access.shop.close();
  });

  it('explain names the deciding rule per context and why each earlier rule did not fire', async () => {
    const au = await access.addRule({ name: 'AU only', priority: 1, scope: { storeCodes: ['au'] }, actions: { hidePrice: true } });
    const gb = await access.addRule({ name: 'GB checkout', priority: 2, scope: { countries: ['GB'] }, actions: { blockPurchase: true }, enforcement: 'checkout' });
    const outdoor = await access.addRule({ name: 'Outdoor for guests', priority: 3, scope: { customerGroupIds: [0] }, conditions: tree(leaf('category_ids', '==', 12)), actions: { hidePrice: true, blockPurchase: true, redirectToCmsPage: 'trade-account' } });
    const guest = await admin<Explained>('GET', '/explain?sku=OSLE-00003&customerGroupId=0');
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({
      mode: 'rules',
      enabled: true,
      contexts: {
        visibility: {
          decidedBy: { ruleId: outdoor.id, name: 'Outdoor for guests' },
          notFired: [
            { ruleId: au.id, name: 'AU only', reason: 'store default is not in its scope' },
            { ruleId: gb.id, name: 'GB checkout', reason: 'enforced in checkout only' },
          ],
        },
        checkout: {
          decidedBy: { ruleId: outdoor.id, name: 'Outdoor for guests' },
          notFired: [
            { ruleId: au.id, name: 'AU only', reason: 'store default is not in its scope' },
            { ruleId: gb.id, name: 'GB checkout', reason: 'the country is not known yet and the rule is limited to countries' },
          ],
        },
      },
      flags: { gateFlags: { requiresLogin: true, hidePrice: true, canCheckout: false, hiddenFromListings: false }, hiddenPriceMessage: 'Sign in to see prices.', redirectTo: '/trade-account' },
    });
    const wholesaleToGb = await admin<Explained>('GET', '/explain?sku=OSLE-00003&customerGroupId=2&store=au&country=gb');
    expect(wholesaleToGb.body.contexts.visibility.decidedBy).toEqual({ ruleId: au.id, name: 'AU only' });
    expect(wholesaleToGb.body.contexts.checkout.decidedBy).toEqual({ ruleId: au.id, name: 'AU only' });
    const kitchen = await admin<Explained>('GET', '/explain?sku=HKIT-00031&customerGroupId=0');
    expect(kitchen.body.contexts.visibility.decidedBy).toBeNull();
    expect(kitchen.body.contexts.visibility.notFired.at(-1)).toEqual({ ruleId: outdoor.id, name: 'Outdoor for guests', reason: 'the product does not match its conditions' });
    for (const rule of [au, gb, outdoor]) await access.deleteRule(rule.id);
  });

  it('explain in basic mode gives the reason of the gate', async () => {
    await access.configure({ mode: 'basic', hidePrice: { enabled: true }, activationMatrix: { byCategory: true, categoryIds: [12] } });
    try {
      const answer = await admin<Explained>('GET', '/explain?sku=OSLE-00003&customerGroupId=2');
      // The hidden price blocks the purchase too (DECISIONS.md 61): the same gate decides checkout.
      const gate = { basic: 'category 12 (or a category under it) is gated' };
      expect([answer.body.mode, answer.body.contexts.visibility.decidedBy, answer.body.contexts.checkout.decidedBy]).toEqual(['basic', gate, gate]);
    } finally {
      await access.configure({ mode: 'rules', hidePrice: { enabled: false }, activationMatrix: { byCategory: false, categoryIds: [] } });
    }
  });

  it('explain refuses bad input with 400 and an unknown SKU or store with 404', async () => {
    expect((await admin('GET', '/explain?customerGroupId=0')).status).toBe(400);
    expect((await admin('GET', '/explain?sku=OSLE-00003&customerGroupId=-1')).status).toBe(400);
    expect((await admin('GET', '/explain?sku=OSLE-00003&country=GBR')).status).toBe(400);
    expect([(await admin('GET', '/explain?sku=NOPE')).status, (await admin('GET', '/explain?sku=OSLE-00003&store=mars')).status]).toEqual([404, 404]);
  });

  it('counts the products a rule being edited matches, with a sample, and names a bad path', async () => {
    const outdoor = await admin<{ count: number; sample: { sku: string; name: string }[] }>('POST', '/rules/preview-matches', { conditions: tree(leaf('category_ids', '==', 12)) });
    expect(outdoor.status).toBe(200);
    expect(outdoor.body.count).toBe(12);
    expect(outdoor.body.sample.length).toBe(5);
    expect(outdoor.body.sample.every((product) => /^O/.test(product.sku) && product.name.length > 0)).toBe(true);
    const cheapOutdoor = await admin<{ count: number }>('POST', '/rules/preview-matches', { conditions: tree(leaf('category_ids', '==', 12), leaf('price', '<', 0)) });
    expect(cheapOutdoor.body.count).toBe(0);
    const legacy = await admin<{ count: number; sample: { sku: string }[] }>('POST', '/rules/preview-matches', { conditions: null, legacy: { categoryIds: [], productIds: [3] } });
    expect([legacy.body.count, legacy.body.sample.map((p) => p.sku)]).toEqual([1, ['OSLE-00003']]);
    const everything = await admin<{ count: number }>('POST', '/rules/preview-matches', {});
    expect(everything.body.count).toBe(visibleCatalogSize);
    const bad = await admin('POST', '/rules/preview-matches', { conditions: tree(tree(leaf('sku', '()', 'x'))) });
    expect([bad.status, bad.body.error, bad.body.details?.field]).toEqual([400, 'invalid_field', 'conditions.conditions.0.conditions.0.value']);
  });

  it('lists the attributes rules can test, with their types, options and operators', async () => {
    const answer = await admin<{ member: { code: string; type: string; options?: { value: string; label: string }[] }[]; operatorsByType: Record<string, string[]> }>('GET', '/attributes');
    expect(answer.status).toBe(200);
    const byCode = new Map(answer.body.member.map((choice) => [choice.code, choice]));
    expect(['sku', 'category_ids', 'price', 'name', 'type'].map((code) => byCode.get(code)?.type)).toEqual(['sku', 'category', 'price', 'text', 'select']);
    expect(byCode.get('category_ids')?.options).toContainEqual({ value: '12', label: 'Outdoor (outdoor)' });
    // Custom attributes come from the catalog's products themselves.
    expect(answer.body.member.length).toBeGreaterThan(5);
    expect(answer.body.operatorsByType.price).toEqual(['==', '!=', '>=', '>', '<=', '<']);
    expect(answer.body.operatorsByType.boolean).toEqual(['==', '!=']);
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await access.shop.get('/api/rest/v2/docs.json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = [
      ['get', '/rules'], ['post', '/rules'], ['get', '/rules/{id}'], ['put', '/rules/{id}'], ['delete', '/rules/{id}'],
      ['post', '/rules/{id}/duplicate'], ['post', '/rules/{id}/activate'], ['post', '/rules/{id}/deactivate'], ['post', '/rules/reorder'],
      ['post', '/rules/preview-matches'], ['get', '/attributes'], ['get', '/explain'], ['get', '/config'], ['put', '/config'],
    ];
    for (const [method, path] of routes) expect(doc.paths[`${adminBase}${path}`]?.[method!], `${method} ${path}`).toBeDefined();
    expect(doc.paths['/plugins/b2b-access.js']?.get).toBeDefined();
  });
});
