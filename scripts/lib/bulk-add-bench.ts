/**
 * The quick-order figure of `npm run bench` (DECISIONS.md 60, issue 36): 1,000 lines in one
 * `POST /cart/items/bulk` as the Wholesale demo buyer (B2B Access on with the demo's rules, as
 * `npm start` seeds it), against the same lines sent one `POST /cart/items` each (what *Order again*
 * did before, and what a client without the bulk call does). The app runs in this process on the
 * seeded PGlite directory, so every SQL statement can be counted (a drizzle logger): statements per
 * request say more than milliseconds on a shared machine. The per-line cost is the difference between
 * 1,000 lines and 10, over 990. The lines are the catalog's simple products and variants in stock
 * (filled up with unknown SKUs on a small catalog). The cart is emptied between rounds.
 */
import { sql } from 'drizzle-orm';
import { createApp } from '../../backend/src/app.ts';
import { authSettings } from '../../backend/src/platform/auth/settings.ts';
import { openDatabase } from '../../backend/src/platform/db/open.ts';
import { availableModules } from '../../backend/src/modules/index.ts';

const wholesaleBuyer = { email: 'buyer@trade.example', password: 'Trade#2026' };
const rounds = 5;

export interface BulkAddFigure {
  lines: number;
  added: number;
  refused: number;
  /** p50 of `rounds` bulk requests, each into an empty cart. */
  bulkMs: number;
  bulkStatements: number;
  /** Statements of a 10-line bulk request, and so the cost of each further line. */
  tenLineStatements: number;
  statementsPerLine: number;
  /** The same lines, one request each, once. */
  oneByOneMs: number;
  oneByOneStatements: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(1));
}

/** Measures on `pgliteDir` (seeded, no backend running on it). */
export async function bulkAddFigure(pgliteDir: string): Promise<BulkAddFigure> {
  let statements = 0;
  const database = await openDatabase({ dataDir: pgliteDir }, { logger: { logQuery: () => void statements++ } });
  const { app, stop } = await createApp({ database, config: { auth: authSettings({ secret: 'bench-secret-bench-secret-bench-secret-0' }), modules: await availableModules(), env: {}, logError: () => {} } });
  try {
    const call = async <T>(method: string, path: string, headers: Record<string, string>, body?: unknown) => {
      const init: RequestInit = { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) };
      const response = await app.request(`/api/rest/v2${path}`, init);
      return { status: response.status, body: (await response.json()) as T };
    };
    const login = await call<{ access_token: string }>('POST', '/auth/login', {}, wholesaleBuyer);
    const buyer = { authorization: `Bearer ${login.body.access_token}` };
    // What a buyer's list holds: simple products and configurables' variants by their own SKU, in stock.
    type Sellable = { id: number; sku: string; type?: string; stockStatus: string; qty: number };
    const inStock = (p: Sellable) => p.stockStatus === 'in_stock' && p.qty >= 1;
    const skus: string[] = [];
    for (let page = 1; skus.length < 1000; page++) {
      const { body } = await call<{ member: Sellable[] }>('GET', `/products?itemsPerPage=100&page=${page}`, buyer);
      skus.push(...body.member.filter((p) => p.type === 'simple' && inStock(p)).map((p) => p.sku));
      for (const configurable of body.member.filter((p) => p.type === 'configurable')) {
        const { body: detail } = await call<{ variants: Sellable[] }>('GET', `/products/${configurable.id}`, buyer);
        skus.push(...detail.variants.filter(inStock).map((p) => p.sku));
      }
      if (body.member.length < 100) break;
    }
    // A catalog with fewer sellable SKUs fills up with unknown ones: refused lines cost a lookup too.
    const items = Array.from({ length: 1000 }, (_, i) => ({ sku: skus[i] ?? `BENCH-MISSING-${i}`, qty: 1 }));
    const emptyCart = () => database.db.execute(sql`delete from cart_items`);
    const counted = async <T>(send: () => Promise<T>) => {
      await emptyCart();
      const before = statements;
      const started = performance.now();
      const result = await send();
      return { result, ms: performance.now() - started, statements: statements - before };
    };

    const ten = await counted(() => call('POST', '/cart/items/bulk', buyer, { items: items.slice(0, 10) }));
    const timings: number[] = [];
    let bulkStatements = 0;
    let outcomes: { status: string }[] = [];
    for (let round = 0; round < rounds; round++) {
      const bulk = await counted(() => call<{ lines: { status: string }[] }>('POST', '/cart/items/bulk', buyer, { items }));
      if (bulk.result.status !== 200) throw new Error(`the bulk add answered ${bulk.result.status}`);
      timings.push(bulk.ms);
      bulkStatements = bulk.statements;
      outcomes = bulk.result.body.lines;
    }
    const oneByOne = await counted(async () => {
      for (const item of items) await call('POST', '/cart/items', buyer, item);
    });
    const added = outcomes.filter((line) => line.status === 'added').length;
    return {
      lines: items.length,
      added,
      refused: items.length - added,
      bulkMs: median(timings),
      bulkStatements,
      tenLineStatements: ten.statements,
      statementsPerLine: Number(((bulkStatements - ten.statements) / (items.length - 10)).toFixed(2)),
      oneByOneMs: Math.round(oneByOne.ms),
      oneByOneStatements: oneByOne.statements,
    };
  } finally {
    await stop();
    await database.close();
  }
}
