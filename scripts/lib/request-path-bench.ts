/**
 * The request path's figures for `npm run bench` (issue 19): throughput, latency and worker CPU per
 * request of what the storefront answers most, each next to a fixed response from the worker entry
 * (CEILING_PROBE_PATH: the worker's own ceiling) and a static asset (the platform's, served before
 * the worker). CPU is read from the workerd processes of the storefront's process group
 * (/proc/{pid}/stat: user + system time), before and after each load, so it counts everything
 * workerd does for the requests, and the ratios to the fixed response are what our code adds.
 */
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';

export const CEILING_PROBE_PATH = '/__ceiling';

export interface PathLoad {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Worker CPU per request, in ms. */
  cpuMs: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  duration: number;
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU ticks of the workerd processes in a process group. */
export function workerdTicks(processGroup: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp ... utime stime": comm may hold spaces, so split after its ')'.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (comm !== 'workerd' || Number(fields[2]) !== processGroup) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/** Load on one URL (or a path per request), with the CPU the workerd processes spent on it. */
export async function loadPath(
  name: string,
  base: string,
  target: { path: string; paths?: () => string; headers?: Record<string, string>; expectStatus?: number },
  processGroup: number,
  options: LoadOptions,
): Promise<PathLoad> {
  const before = workerdTicks(processGroup);
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections: options.connections,
    duration: options.duration,
    headers: target.headers,
    ...(target.paths ? { requests: [{ setupRequest: (request) => ({ ...request, path: target.paths!() }) }] } : {}),
  });
  const ticks = workerdTicks(processGroup) - before;
  const expected = target.expectStatus ?? 200;
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => Number(status) !== expected)
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);
  return {
    name,
    path: target.path,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: result.requests.total > 0 ? (ticks * 1000) / TICKS_PER_SECOND / result.requests.total : 0,
    errors: result.errors + unexpected,
  };
}

export interface RequestPathTargets {
  /** A warmed catalog page (an edge-cache HIT). */
  cachedPath: string;
  /** Its ETag, for the 304 figure. */
  etag: string;
  /** Product pages rendered once each (uncached renders from KV). */
  uncachedPaths: () => string;
  /** Category listing pages rendered once each. */
  uncachedCategoryPaths: () => string;
  /** A small file of dist/client. */
  assetPath: string;
}

/**
 * Each figure in turn, in one run, on one storefront. Each is compared with a fixed response of its
 * own size (the probe's `?bytes=`, with the standard headers), since carrying bytes and headers
 * through the runtime costs CPU whoever made them; the bare 204 is the floor of any answer.
 */
export async function requestPathFigures(base: string, processGroup: number, targets: RequestPathTargets, options: LoadOptions) {
  const load = (name: string, target: Parameters<typeof loadPath>[2]) => loadPath(name, base, target, processGroup, options);
  const sizeOf = async (path: string) => (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
  const fixedOf = async (bytes: number) => load(`fixed response, ${bytes} B`, { path: `${CEILING_PROBE_PATH}?bytes=${bytes}` });
  const compared = async (figure: PathLoad, fixed: PathLoad) => ({
    ...figure,
    fixedBytes: Number(new URL(fixed.path, base).searchParams.get('bytes') ?? 0),
    throughputToFixed: figure.requestsPerSecond / fixed.requestsPerSecond,
    cpuToFixed: fixed.cpuMs > 0 ? figure.cpuMs / fixed.cpuMs : 0,
  });
  const bare = await load('fixed response, no body (204)', { path: CEILING_PROBE_PATH, expectStatus: 204 });
  const figures = [await compared(bare, bare), await compared(await load('static asset (platform)', { path: targets.assetPath }), bare)];
  const sized: Array<[string, Parameters<typeof loadPath>[2]]> = [
    ['cached page (HIT)', { path: targets.cachedPath }],
    ['/pulse', { path: '/pulse' }],
    ['/health', { path: '/health' }],
    ['/robots.txt', { path: '/robots.txt' }],
  ];
  for (const [name, target] of sized) {
    const fixed = await fixedOf(await sizeOf(target.path));
    figures.push(await compared(fixed, bare), await compared(await load(name, target), fixed));
  }
  figures.push(await compared(await load('304 revalidation', { path: targets.cachedPath, headers: { 'If-None-Match': targets.etag }, expectStatus: 304 }), bare));
  figures.push(await compared(await load('uncached render', { path: '/', paths: targets.uncachedPaths }), bare));
  figures.push(await compared(await load('uncached category page', { path: '/', paths: targets.uncachedCategoryPaths }), bare));
  return figures;
}
