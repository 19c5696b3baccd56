/**
 * The B2B Access figures of `npm run bench`: p50 of a 100-product listing call and of the detail of a
 * configurable with 20 variants (each variant decided with its parent's facts, DECISIONS.md 47), as a
 * guest and as the Wholesale demo buyer, with the module loaded and 50 active rules, against the same backend and
 * database with the module unloaded, in the same run (issue 13: the module adds at most 15%).
 * Both backends run at once, each on its own copy of the seeded database, and their requests
 * alternate (sequential, after a warm-up): a busy machine slows both alike, so the comparison holds
 * where absolute figures would wander.
 */
import { cp } from 'node:fs/promises';
import { adminBearer, benchAdmin, guestAndBuyerOverhead, json, listingPath, modulesWithout, timedListing, type OverheadFigure } from './module-overhead.ts';
import { freePort } from './ports.ts';
import { startBackend, type Child } from './processes.ts';

const warmUp = 5;
const rounds = 60;

export type AccessFigure = OverheadFigure;

export interface AccessFigures {
  rules: number;
  rounds: number;
  guest: AccessFigure;
  wholesale: AccessFigure;
  /** The configurable detail: its variant count and the same two figures. */
  detail: { variants: number; guest: AccessFigure; wholesale: AccessFigure };
}

async function timedDetail(url: string, path: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  await json(await fetch(`${url}${path}`, { headers }));
  return performance.now() - started;
}

/** The configurable with the most variants (the demo makes up to 20: four colours by five sizes), read ungated. */
async function largestConfigurable(url: string): Promise<{ path: string; variants: number }> {
  let best = { path: '', variants: -1 };
  for (let page = 1; ; page++) {
    const { member } = await json<{ member: { id: number; type: string }[] }>(await fetch(`${url}/api/rest/v2/products?itemsPerPage=100&page=${page}`));
    for (const product of member.filter((record) => record.type === 'configurable')) {
      const path = `/api/rest/v2/products/${product.id}`;
      const { variants } = await json<{ variants: unknown[] }>(await fetch(`${url}${path}`));
      if (variants.length > best.variants) best = { path, variants: variants.length };
      if (best.variants >= 20) return best;
    }
    if (member.length < 100) return best;
  }
}

const tree = (...conditions: unknown[]) => ({ type: 'combine', aggregator: 'all', value: true, conditions });
const leaf = (attribute: string, operator: string, value: unknown) => ({ type: 'attribute', attribute, operator, value });

/** 50 active rules of every kind (trees, nested groups, legacy lists, scopes that match and that do not); answers how many rules are active. */
async function configureRules(url: string): Promise<number> {
  const headers = { ...(await adminBearer(url)), 'content-type': 'application/json' };
  await json(await fetch(`${url}/api/rest/v2/admin/b2b-access/config`, { method: 'PUT', headers, body: JSON.stringify({ enabled: true, mode: 'rules', loginWall: { enabled: true } }) }));
  const categoryIds = (await json<{ member: { id: number }[] }>(await fetch(`${url}/api/rest/v2/categories`))).member.map((node) => node.id);
  const skus = (await json<{ member: { sku: string }[] }>(await fetch(`${url}${listingPath}`))).member.map((product) => product.sku);
  const rules: object[] = [];
  for (let i = 0; i < 10; i++) {
    const category = categoryIds[i % categoryIds.length];
    const someSkus = skus.slice(i * 3, i * 3 + 3);
    rules.push(
      { name: `Trade category ${i}`, scope: { customerGroupIds: [0, 1] }, conditions: tree(leaf('category_ids', '==', category)), actions: { hidePrice: true, blockPurchase: true } },
      { name: `Wholesale only ${i}`, scope: { customerGroupIds: [0, 1] }, conditions: tree(leaf('sku', '()', someSkus)), actions: { hideFromListings: true }, enforcement: 'visibility' },
      { name: `AU bulk ${i}`, scope: { storeCodes: ['au'] }, conditions: tree({ type: 'combine', aggregator: 'any', value: true, conditions: [leaf('price', '>=', 100 + i), leaf('name', '{}', 'Pack')] }), actions: { hidePrice: true } },
      { name: `Legacy ${i}`, scope: { customerGroupIds: [3] }, legacy: { categoryIds: [category], productIds: [] }, actions: { hidePrice: true } },
      { name: `GB exports ${i}`, scope: { countries: ['GB'] }, conditions: tree(leaf('sku', '{}', `-0${i}`)), actions: { blockPurchase: true }, enforcement: 'checkout' },
    );
  }
  for (const [index, rule] of rules.entries()) {
    await json(await fetch(`${url}/api/rest/v2/admin/b2b-access/rules`, { method: 'POST', headers, body: JSON.stringify({ ...rule, priority: index * 10 }) }));
  }
  // The seeded demo may hold rules of its own: report what is actually active.
  return (await json<{ totalItems: number }>(await fetch(`${url}/api/rest/v2/admin/b2b-access/rules?itemsPerPage=1`, { headers }))).totalItems;
}

/** Runs both backends at once on copies of `pgliteDir` (already seeded). */
export async function accessListingBench(pgliteDir: string): Promise<AccessFigures> {
  const copy = `${pgliteDir}-unloaded`;
  await cp(pgliteDir, copy, { recursive: true });
  const env = { ADMIN_EMAIL: benchAdmin.email, ADMIN_PASSWORD: benchAdmin.password };
  const children: Child[] = [];
  try {
    const [loaded, unloaded] = await Promise.all([
      startBackend({ port: await freePort(), env: { ...env, PGLITE_DIR: pgliteDir } }),
      startBackend({ port: await freePort(), env: { ...env, PGLITE_DIR: copy, MODULES: modulesWithout('b2b-access') } }),
    ]);
    children.push(loaded, unloaded);
    const configurable = await largestConfigurable(unloaded.url);
    const rules = await configureRules(loaded.url);
    const listing = await guestAndBuyerOverhead(loaded.url, unloaded.url, timedListing, { warmUp, rounds });
    const detail = await guestAndBuyerOverhead(loaded.url, unloaded.url, (url, headers) => timedDetail(url, configurable.path, headers), { warmUp, rounds });
    return { rules, rounds, ...listing, detail: { variants: configurable.variants, ...detail } };
  } finally {
    await Promise.allSettled(children.map((child) => child.stop()));
  }
}
