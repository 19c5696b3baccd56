/**
 * What a module adds to a read, measured as `npm run bench` measures every module's overhead: two
 * backends at once, each on its own copy of the seeded database, one with the module and one
 * without, their requests alternating (sequential, after a warm-up), so a busy machine slows both
 * alike and the ratio holds where absolute figures would wander.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.ts';

export const benchAdmin = { email: 'bench-admin@example.com', password: 'Bench#Admin2026' };
export const wholesaleBuyer = { email: 'buyer@trade.example', password: 'Trade#2026' };

export interface OverheadFigure {
  unloadedMs: number;
  loadedMs: number;
  /** loaded / unloaded - 1 */
  added: number;
}

export async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A bearer header from a token route: a form for the OAuth token endpoint, JSON for /auth/login. */
export async function bearer(url: string, path: string, body: URLSearchParams | object): Promise<Record<string, string>> {
  const form = body instanceof URLSearchParams;
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? body.toString() : JSON.stringify(body),
  });
  return { authorization: `Bearer ${(await json<{ access_token: string }>(response)).access_token}` };
}

export const adminBearer = (url: string) =>
  bearer(url, '/api/rest/v2/auth/token', new URLSearchParams({ grant_type: 'password', username: benchAdmin.email, password: benchAdmin.password, scope: 'admin' }));

/** The listing both module figures read: one page of 100 products. */
export const listingPath = '/api/rest/v2/products?itemsPerPage=100';

export async function timedListing(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const body = await json<{ member: unknown[] }>(await fetch(`${url}${listingPath}`, { headers }));
  if (body.member.length === 0) throw new Error('the listing is empty');
  return performance.now() - started;
}

export function median(timings: number[]): number {
  const sorted = [...timings].sort((a, b) => a - b);
  return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(2));
}

export const overhead = (unloadedMs: number, loadedMs: number): OverheadFigure => ({ unloadedMs, loadedMs, added: Number((loadedMs / unloadedMs - 1).toFixed(3)) });

/** Every module this backend ships but `moduleId`, as the MODULES variable names them: "unloaded" keeps everything else equal. */
export function modulesWithout(moduleId: string): string {
  const folder = join(ROOT, 'backend/src/modules');
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== moduleId && existsSync(join(folder, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .join(',');
}

/** Guest and Wholesale-buyer reads of both backends (`timed` takes the backend and the headers), alternating request by request. */
export async function guestAndBuyerOverhead(
  loaded: string,
  unloaded: string,
  timed: (url: string, headers: Record<string, string>) => Promise<number>,
  counts: { warmUp: number; rounds: number },
): Promise<{ guest: OverheadFigure; wholesale: OverheadFigure }> {
  const sessions = { loaded: await bearer(loaded, '/api/rest/v2/auth/login', wholesaleBuyer), unloaded: await bearer(unloaded, '/api/rest/v2/auth/login', wholesaleBuyer) };
  const timings = { loadedGuest: [] as number[], unloadedGuest: [] as number[], loadedWholesale: [] as number[], unloadedWholesale: [] as number[] };
  for (let round = 0; round < counts.warmUp + counts.rounds; round++) {
    const times = {
      loadedGuest: await timed(loaded, {}),
      unloadedGuest: await timed(unloaded, {}),
      loadedWholesale: await timed(loaded, sessions.loaded),
      unloadedWholesale: await timed(unloaded, sessions.unloaded),
    };
    if (round >= counts.warmUp) for (const key of Object.keys(times) as (keyof typeof times)[]) timings[key].push(times[key]);
  }
  return {
    guest: overhead(median(timings.unloadedGuest), median(timings.loadedGuest)),
    wholesale: overhead(median(timings.unloadedWholesale), median(timings.loadedWholesale)),
  };
}
