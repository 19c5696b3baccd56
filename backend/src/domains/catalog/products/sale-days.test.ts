/**
 * Issue 17, sale days: when a special price's first day begins, or the day after its last, in a store
 * view's time zone, the sale-days job reindexes the product and what is priced from it (a
 * configurable's cheapest variant) and announces them (`catalog_product_saved`); a run covers the time
 * since the previous one, once. Products are made over the admin API and read back over the public
 * one. The database's clock cannot be moved, so "a day passes" moves the product's days back one
 * instead: what the job sees then is what it would see a day later.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceSaleBoundaries, catchUpSaleDays, firstRunLookbackDays } from './sale-days.ts';
import { eventDeliveries, jobProgress, productPrices } from '../../../platform/db/schema/index.ts';
import { defineModule } from '../../../platform/modules/define-module.ts';
import { adminBearer } from '../../../../test/helpers/admin-session.ts';
import { dialects, openTestShop, type TestShop } from '../../../../test/helpers/test-shop.ts';

interface AdminProduct {
  id: number;
  variants?: Array<{ id: number; sku: string }>;
  error?: string;
}
interface PublicRecord {
  price: number;
  specialPrice: number | null;
  finalPrice: number;
  minimalPrice: number;
}

const hour = 3_600_000;
const day = 24 * hour;
// The demo's default store view is in Los Angeles, its "au" view in Melbourne.
const dayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const plusDays = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * day).toISOString().slice(0, 10);

describe.each(dialects)('sale days (%s)', (dialect) => {
  let shop: TestShop;
  let admin: Record<string, string>;
  const laToday = dayIn('America/Los_Angeles');
  const api = (method: string, path = '', json?: unknown) => shop.send<AdminProduct>(method, `/api/rest/v2/admin/products${path}`, { json, headers: admin });
  const record = async (id: number) => (await shop.get(`/api/rest/v2/products/${id}`)).body as PublicRecord;
  const create = async (body: Record<string, unknown>) => {
    const created = await api('POST', '', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  /** The announcements recorded for a product (one row per subscriber; the probe is the only one). */
  const announcements = async (productId: number) =>
    (
      await shop.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventDeliveries)
        .where(and(eq(eventDeliveries.event, 'catalog_product_saved'), sql`${eventDeliveries.payload}->>'productId' = ${String(productId)}`))
    )[0]!.n;
  const dayPasses = (productId: number) =>
    shop.database.db
      .update(productPrices)
      .set({ specialPriceFrom: sql`${productPrices.specialPriceFrom} - 1`, specialPriceTo: sql`${productPrices.specialPriceTo} - 1` })
      .where(eq(productPrices.productId, productId));
  const announceBetween = (since: Date, until: Date) => shop.database.db.transaction((tx) => announceSaleBoundaries(tx, shop.modules.notifications, since, until));

  beforeAll(async () => {
    // A subscriber, so announcements are recorded (nothing is written for an event nobody takes).
    const probe = defineModule({ id: 'sale-probe', title: 'Probe', subscribers: [{ event: 'catalog_product_saved', handle: () => undefined }] });
    shop = await openTestShop(dialect, { modules: [probe] });
    admin = await adminBearer(shop);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('reprices and announces a product when its sale starts; the first run looks back, the next covers only the time since', async () => {
    const lamp = await create({ sku: 'SALE-LAMP', name: 'Sale lamp', urlKey: 'sale-lamp', price: 40, specialPrice: 30, specialPriceFrom: plusDays(laToday, 1), specialPriceTo: plusDays(laToday, 4), stockQty: 3 });
    expect(await record(lamp.id)).toMatchObject({ price: 40, specialPrice: null, finalPrice: 40, minimalPrice: 40 });
    const announcedBefore = await announcements(lamp.id);

    await dayPasses(lamp.id);
    // Read live, the record's price already follows the day; its index does not until the job runs.
    expect(await record(lamp.id)).toMatchObject({ finalPrice: 30, minimalPrice: 40 });

    const first = await catchUpSaleDays(shop.database.db, shop.modules.notifications);
    expect(first.until.getTime() - first.since.getTime()).toBe(firstRunLookbackDays * day);
    expect(first.announced).toContain(lamp.id);
    expect(await announcements(lamp.id)).toBe(announcedBefore + 1);
    expect(await record(lamp.id)).toMatchObject({ specialPrice: 30, finalPrice: 30, minimalPrice: 30 });

    const second = await catchUpSaleDays(shop.database.db, shop.modules.notifications);
    expect(second.since).toEqual(first.until);
    expect(second.announced).toEqual([]);
    expect(await announcements(lamp.id)).toBe(announcedBefore + 1);
  });

  it('catches up after a backend was down over midnight: a variant\'s sale starting reprices and announces its configurable', async () => {
    const jacket = await create({
      type: 'configurable',
      sku: 'SALE-JACKET',
      name: 'Sale jacket',
      urlKey: 'sale-jacket',
      configurableAttributes: ['color'],
      variants: [
        { sku: 'SALE-JACKET-RED', price: 50, stockQty: 3, attributes: { color: 'Red' } },
        { sku: 'SALE-JACKET-NAVY', price: 60, specialPrice: 45, stockQty: 3, attributes: { color: 'Navy' } },
      ],
    });
    const navy = jacket.variants!.find((variant) => variant.sku === 'SALE-JACKET-NAVY')!.id;
    const dated = await api('PATCH', `/${navy}`, { specialPriceFrom: plusDays(laToday, 1) });
    expect(dated.status, JSON.stringify(dated.body)).toBe(200);
    expect(await record(jacket.id)).toMatchObject({ price: 50, finalPrice: 50, minimalPrice: 50 });
    const before = { jacket: await announcements(jacket.id), navy: await announcements(navy) };

    await dayPasses(navy);
    // The last run was a day and a half ago: the backend was stopped over the midnight.
    await shop.database.db.update(jobProgress).set({ doneUntil: new Date(Date.now() - 36 * hour) });
    const run = await catchUpSaleDays(shop.database.db, shop.modules.notifications);
    expect(run.announced).toEqual(expect.arrayContaining([navy, jacket.id]));
    expect({ jacket: await announcements(jacket.id), navy: await announcements(navy) }).toEqual({ jacket: before.jacket + 1, navy: before.navy + 1 });
    // The navy variant is now the cheapest: the configurable takes its price and sale.
    expect(await record(jacket.id)).toMatchObject({ price: 60, specialPrice: 45, finalPrice: 45, minimalPrice: 45 });
    expect((await catchUpSaleDays(shop.database.db, shop.modules.notifications)).announced).toEqual([]);
  });

  it('reprices a product when its sale ends (the day after its last day)', async () => {
    const mug = await create({ sku: 'SALE-MUG', name: 'Sale mug', urlKey: 'sale-mug', price: 12, specialPrice: 9, specialPriceFrom: null, specialPriceTo: laToday, stockQty: 3 });
    expect(await record(mug.id)).toMatchObject({ finalPrice: 9, minimalPrice: 9 });
    await dayPasses(mug.id);
    const now = new Date();
    expect(await announceBetween(new Date(now.getTime() - 36 * hour), now)).toContain(mug.id);
    expect(await record(mug.id)).toMatchObject({ specialPrice: null, finalPrice: 12, minimalPrice: 12 });
  });

  it('judges each store view\'s own midnight, and a window without a boundary announces nothing', async () => {
    const { rows } = (await shop.database.db.execute(
      sql`select (date_trunc('day', now() at time zone 'Australia/Melbourne') at time zone 'Australia/Melbourne') as midnight`,
    )) as unknown as { rows: Array<{ midnight: Date | string }> };
    const melbourneMidnight = new Date(rows[0]!.midnight);
    const melbourneToday = dayIn('Australia/Melbourne', melbourneMidnight);
    // Starts today in Melbourne, so at a midnight that is no midnight in Los Angeles.
    const towel = await create({ sku: 'SALE-TOWEL', name: 'Sale towel', urlKey: 'sale-towel', price: 20, specialPrice: 15, specialPriceFrom: melbourneToday, stockQty: 3 });
    const aroundMelbourneMidnight = await announceBetween(new Date(melbourneMidnight.getTime() - hour / 2), new Date(melbourneMidnight.getTime() + hour / 2));
    expect(aroundMelbourneMidnight).toContain(towel.id);

    // An hour of the last day in which neither view's day changes.
    const zones = ['America/Los_Angeles', 'Australia/Melbourne'];
    const hourStarts = Array.from({ length: 24 }, (_, back) => new Date(Math.floor(Date.now() / hour) * hour - (back + 1) * hour));
    const quiet = hourStarts.find((since) => zones.every((zone) => dayIn(zone, since) === dayIn(zone, new Date(since.getTime() + hour))))!;
    const total = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(eventDeliveries))[0]!.n;
    const deliveriesBefore = await total();
    expect(await announceBetween(quiet, new Date(quiet.getTime() + hour))).toEqual([]);
    expect(await total()).toBe(deliveriesBefore);
    // A sale starting the day after tomorrow has no boundary in the time up to now.
    const later = await create({ sku: 'SALE-LATER', name: 'Sale later', urlKey: 'sale-later', price: 20, specialPrice: 15, specialPriceFrom: plusDays(laToday, 2), stockQty: 3 });
    expect(await announceBetween(new Date(Date.now() - 36 * hour), new Date())).not.toContain(later.id);
  });
});
