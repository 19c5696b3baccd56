/**
 * The B2B Pricing figure of `npm run bench` (issue 36): p50 of a 100-product listing as a guest and as
 * the Harbour Cafés buyer whose company holds two price lists of 10,000 items each (the listing's
 * products among them), against the same backend and database without the module, in the same run
 * (target: the module adds at most 15%). Measured as module-overhead.ts measures every module.
 */
import { cp } from 'node:fs/promises';
import { adminBearer, benchAdmin, guestAndBuyerOverhead, json, listingPath, modulesWithout, timedListing, type OverheadFigure } from './module-overhead.ts';
import { freePort } from './ports.ts';
import { startBackend, type Child } from './processes.ts';

const itemsPerList = 10_000;
const warmUp = 5;
const rounds = 60;

export interface PricingFigures {
  lists: number;
  itemsPerList: number;
  rounds: number;
  guest: OverheadFigure;
  wholesale: OverheadFigure;
}

/**
 * Two lists of 10,000 items: the listing's SKUs with three quantity breaks each, the rest SKUs the
 * catalog does not hold (a merchant's ERP list is larger than the shop), given to the buyer's company.
 */
async function configureLists(url: string): Promise<void> {
  const headers = { ...(await adminBearer(url)), 'content-type': 'application/json' };
  const admin = (method: string, path: string, body?: unknown) => fetch(`${url}/api/rest/v2/admin/b2b-pricing${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  await json(await admin('PUT', '/config', { enabled: true }));
  const listed = (await json<{ member: { sku: string; price: number | null }[] }>(await fetch(`${url}${listingPath}`))).member;
  const listIds: number[] = [];
  for (const code of ['bench-a', 'bench-b']) {
    const items = listed.map((product, i) => {
      const base = product.price ?? 10 + i;
      return { sku: product.sku, tiers: [{ minQty: 1, price: Number((base * 0.9).toFixed(2)) }, { minQty: 10, price: Number((base * 0.8).toFixed(2)) }, { minQty: 50, price: Number((base * 0.7).toFixed(2)) }] };
    });
    for (let i = items.length; i < itemsPerList; i++) items.push({ sku: `${code.toUpperCase()}-ERP-${i}`, tiers: [{ minQty: 1, price: 5 }, { minQty: 10, price: 4 }] });
    listIds.push((await json<{ id: number }>(await admin('POST', '/price-lists', { code, name: code, items }))).id);
  }
  const { member } = await json<{ member: { id: number; name: string; priceListIds: number[] }[] }>(await admin('GET', '/companies?search=Harbour'));
  const company = member[0];
  if (!company) throw new Error('the demo company Harbour Cafés is missing');
  await json(await admin('PATCH', `/companies/${company.id}`, { priceListIds: [...listIds, ...company.priceListIds] }));
}

/** Runs both backends at once on copies of `pgliteDir` (already seeded). */
export async function pricingListingBench(pgliteDir: string): Promise<PricingFigures> {
  const copy = `${pgliteDir}-unloaded`;
  await cp(pgliteDir, copy, { recursive: true });
  const env = { ADMIN_EMAIL: benchAdmin.email, ADMIN_PASSWORD: benchAdmin.password };
  const children: Child[] = [];
  try {
    const [loaded, unloaded] = await Promise.all([
      startBackend({ port: await freePort(), env: { ...env, PGLITE_DIR: pgliteDir } }),
      startBackend({ port: await freePort(), env: { ...env, PGLITE_DIR: copy, MODULES: modulesWithout('b2b-pricing') } }),
    ]);
    children.push(loaded, unloaded);
    await configureLists(loaded.url);
    const figures = await guestAndBuyerOverhead(loaded.url, unloaded.url, timedListing, { warmUp, rounds });
    return { lists: 2, itemsPerList, rounds, ...figures };
  } finally {
    await Promise.allSettled(children.map((child) => child.stop()));
  }
}
