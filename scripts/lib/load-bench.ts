/**
 * The backend under load for `npm run bench` (issue 31, DECISIONS.md 58): many connections for a
 * while against the catalog API, search, cart writes and checkout, on one backend with the demo
 * catalog (the embedded database, or a fresh PostgreSQL database). Each figure counts what a
 * shopper would see: requests per second, p50/p99/max latency, requests that got no answer within
 * 10 s (timeouts), the 503 `overloaded` answers, and any other 5xx. Targets: no timeout, no other
 * 5xx, and no 503 at 50 connections.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { join } from 'node:path';
import { freePort } from './ports.ts';
import { startBackend, type Child } from './processes.ts';

export interface LoadFigure {
  name: string;
  database: 'pglite' | 'postgres';
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** No answer within TIMEOUT_SECONDS. */
  timeouts: number;
  /** 503 `overloaded` (DECISIONS.md 58). */
  overloaded: number;
  /** Any other 5xx, or a dropped connection. */
  otherErrors: number;
  /** 4xx answers: the scenario itself went wrong (a sold-out product, a bad token), so say it. */
  clientErrors: number;
}

/** What a shopper's browser and the bench's own target treat as "left waiting". */
const TIMEOUT_SECONDS = 10;
const API = '/api/rest/v2';
const admin = { email: 'bench-admin@example.com', password: 'Bench#Admin2026' };
const address = { firstName: 'Bench', lastName: 'Shopper', street: ['1 Main Street'], city: 'Springfield', postcode: '12345', countryId: 'US' };
const SEARCH_QUERIES = ['jacket', 'jackets', 'jakcet', 'rain jacket', 'fle', 'shirt', 'bag', 'blue'];

/** One load: each connection runs `requests` in order, over and over (a checkout is four); req/s counts every request. */
interface Scenario {
  name: string;
  requests: autocannon.Request[];
}

async function json<T>(response: Response, what: string): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

/** Simple products in stock, their stock raised so a minute of checkouts cannot sell them out. */
async function checkoutSkus(base: string): Promise<string[]> {
  const token = await json<{ access_token: string }>(
    await fetch(`${base}${API}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username: admin.email, password: admin.password, scope: 'admin' }),
    }),
    'admin token',
  );
  const headers = { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' };
  const listed = await json<{ member: Array<{ id: number; sku: string }> }>(
    await fetch(`${base}${API}/admin/products?type=simple&itemsPerPage=50`, { headers }),
    'admin product list',
  );
  const skus: string[] = [];
  for (const product of listed.member) {
    const patched = await fetch(`${base}${API}/admin/products/${product.id}`, { method: 'PATCH', headers, body: JSON.stringify({ stockQty: 1_000_000 }) });
    await patched.arrayBuffer();
    if (!patched.ok) continue;
    // Only what a guest can buy (enabled, visible in the default store).
    const added = await fetch(`${base}${API}/cart/items`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sku: product.sku, qty: 1 }) });
    await added.arrayBuffer();
    if (added.ok) skus.push(product.sku);
    if (skus.length === 8) break;
  }
  if (skus.length === 0) throw new Error('no simple product of the demo catalog can be bought');
  return skus;
}

function rotating<T>(values: T[]): () => T {
  let next = 0;
  return () => values[next++ % values.length]!;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Partial<autocannon.Request> => ({
  method: 'POST',
  path,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

async function scenarios(base: string): Promise<Scenario[]> {
  const skus = await checkoutSkus(base);
  const sku = rotating(skus);
  const page = rotating(Array.from({ length: 10 }, (_, index) => index + 1));
  const query = rotating(SEARCH_QUERIES);
  type Context = { cart?: string; intent?: string; orders?: number };
  const cartToken = (context: Context): Record<string, string> => (context.cart ? { 'x-cart-token': context.cart } : {});
  // A request whose path or body depends on an earlier answer of the same connection (autocannon's context).
  const step = (build: (context: Context) => Partial<autocannon.Request>, onResponse?: (context: Context, body: string, headers: Record<string, string>) => void): autocannon.Request =>
    ({
      setupRequest: (request: autocannon.Request, context: Context) => ({ ...request, ...build(context) }),
      ...(onResponse ? { onResponse: (_status: number, body: string, context: Context, headers: Record<string, string>) => onResponse(context, body, headers) } : {}),
    }) as autocannon.Request;
  const keepCart = (context: Context, _body: string, headers: Record<string, string>) => {
    // autocannon keeps the header names as sent.
    const token = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-cart-token')?.[1];
    if (token) context.cart = token;
  };
  return [
    { name: 'catalog API (product pages)', requests: [step(() => ({ method: 'GET', path: `${API}/products?page=${page()}&itemsPerPage=24` }))] },
    { name: 'search', requests: [step(() => ({ method: 'GET', path: `${API}/search?q=${encodeURIComponent(query())}&itemsPerPage=24` }))] },
    {
      // A new guest cart, then three more items in it: a shopper filling a cart.
      name: 'cart writes (add to cart)',
      requests: [
        step(() => post(`${API}/cart/items`, { sku: sku(), qty: 1 }), keepCart),
        ...Array.from({ length: 3 }, () => step((context) => post(`${API}/cart/items`, { sku: sku(), qty: 1 }, cartToken(context)))),
      ],
    },
    {
      // A guest's whole checkout: add to cart, payment intent, test card, place the order.
      name: 'checkout (4 requests per order)',
      requests: [
        step(() => post(`${API}/cart/items`, { sku: sku(), qty: 1 }), keepCart),
        step(
          (context) => post(`${API}/payment-intents`, { shippingMethod: 'flatrate', country: 'US' }, cartToken(context)),
          (context, body) => (context.intent = (JSON.parse(body) as { id?: string }).id),
        ),
        step((context) => post(`${API}/payment-intents/${context.intent}/confirm`, { cardNumber: '4242 4242 4242 4242' }, cartToken(context))),
        step((context) =>
          post(
            `${API}/checkout/place-order`,
            { email: 'bench@example.com', shippingAddress: address, shippingMethod: 'flatrate', paymentMethod: 'test', paymentIntentId: context.intent },
            { ...cartToken(context), 'idempotency-key': `bench-${context.cart}` },
          ),
        ),
      ],
    },
  ];
}

async function run(base: string, scenario: Scenario, database: LoadFigure['database'], options: { connections: number; duration: number }): Promise<LoadFigure> {
  const result = await autocannon({ url: base, connections: options.connections, duration: options.duration, timeout: TIMEOUT_SECONDS, requests: scenario.requests });
  const count = (test: (status: number) => boolean) =>
    Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => test(Number(status)))
      .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);
  return {
    name: scenario.name,
    database,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    timeouts: result.timeouts,
    overloaded: count((status) => status === 503),
    // autocannon's errors include the timeouts, counted apart above.
    otherErrors: count((status) => status >= 500 && status !== 503) + result.errors - result.timeouts,
    clientErrors: count((status) => status >= 400 && status < 500),
  };
}

/**
 * Waits until the backend answers /health within a second again: requests a load's clients gave up
 * on may still be running there, and the next load must not be measured behind them.
 */
async function settled(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Still busy: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the backend did not settle within 120 s after a load`);
}

/** A database of its own on the PostgreSQL server of `url`, dropped afterwards. */
async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_load_${process.pid}_${Date.now()}`;
  const server = new pg.Client({ connectionString: url });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  await server.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Each scenario in turn on a backend with the demo catalog (seeded at its first start), on the
 * embedded database in `dir`, or on PostgreSQL when `postgresUrl` is given.
 */
export async function loadFigures(
  dir: string,
  children: Child[],
  options: { connections: number; duration: number; postgresUrl?: string; only?: (name: string) => boolean },
): Promise<LoadFigure[]> {
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  const fresh = options.postgresUrl ? await freshPostgres(options.postgresUrl) : undefined;
  try {
    const env = { ...(fresh ? { DATABASE_URL: fresh.url } : { PGLITE_DIR: join(dir, 'pglite-load') }), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, JWT_SECRET: 'bench-load-secret-0123456789abcdef' };
    const backend = await startBackend({ port: await freePort(), env });
    children.push(backend);
    try {
      const figures: LoadFigure[] = [];
      for (const scenario of await scenarios(backend.url)) {
        if (options.only && !options.only(scenario.name)) continue;
        await settled(backend.url);
        figures.push(await run(backend.url, scenario, database, options));
      }
      return figures;
    } finally {
      await backend.stop();
    }
  } finally {
    await fresh?.drop();
  }
}

export function printLoadFigures(figures: LoadFigure[], options: { connections: number; duration: number }): void {
  console.log(`\nbackend under load (${options.connections} connections, ${options.duration} s each; timeout ${TIMEOUT_SECONDS} s; targets: 0 timeouts, 0 other 5xx, 0 503)`);
  for (const figure of figures) {
    console.log(
      `  ${`${figure.database}: ${figure.name}`.padEnd(44)} ${String(figure.requestsPerSecond).padStart(5)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms  max ${figure.max} ms  ` +
        `timeouts ${figure.timeouts}  503 ${figure.overloaded}  other 5xx/errors ${figure.otherErrors}  4xx ${figure.clientErrors}  (${figure.requests} requests)`,
    );
  }
}
