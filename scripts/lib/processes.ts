/**
 * Starting and stopping the shop's processes: the backend (Node) and the storefront (wrangler dev
 * running the built worker in workerd). Used by `npm start` and by the integration tests, so both
 * run the shop the same way. Each child gets its own process group: stopping it kills workerd too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';
import { isUsableSecret } from '../../src/lib/sync/usable-secret.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Telemetry and network look-ups off: this must work offline and send nothing anywhere. */
export const QUIET_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

export interface Child {
  process: ChildProcess;
  url: string;
  /** Everything the child printed, for error messages. */
  output: () => string;
  stop: () => Promise<void>;
}

interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  url: string;
  readyPath: string;
  /**
   * Headers of the readiness probe, and the status that means another server holds the port: a
   * child that loses a race for its port reports the address in use only after a server already
   * listening there has answered the probe as if it were the child.
   */
  readyProbe?: { headers: Record<string, string>; foreignStatus: number };
  /**
   * What the child prints once it has bound its port: it is ready only after that line, since one
   * that loses the port to another server exits without it, having seen that server answer the probe.
   */
  listeningLine?: RegExp;
  timeoutMs?: number;
  /** Echo the child's output to this process's stdout/stderr. */
  echo?: boolean;
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number, name: string, output: () => string, probe?: StartOptions['readyProbe'], listeningLine?: RegExp) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}:\n${output()}`);
    let status: number | undefined;
    try {
      const response = await fetch(url, { headers: probe?.headers, signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      status = response.status;
    } catch {
      // Not listening yet: try again shortly.
    }
    // Callers retry on another port on this message (tests/support/shop.ts).
    if (status !== undefined && status === probe?.foreignStatus) throw new Error(`${name}: another server answers at ${url} (address already in use)`);
    if (status !== undefined && status >= 200 && status < 300 && (!listeningLine || listeningLine.test(output()))) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs} ms:\n${output()}`);
}

async function startChild(options: StartOptions): Promise<Child> {
  const child = spawn(options.command, options.args, {
    cwd: ROOT,
    env: { ...process.env, ...QUIET_ENV, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (options.echo) stream.write(chunk);
  };
  child.stdout?.on('data', collect(process.stdout));
  child.stderr?.on('data', collect(process.stderr));
  const output = () => log;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = once(child, 'exit');
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilReady(child, `${options.url}${options.readyPath}`, options.timeoutMs ?? 120_000, options.name, output, options.readyProbe, options.listeningLine);
  } catch (error) {
    await stop();
    throw error;
  }
  return { process: child, url: options.url, output, stop };
}

/** A file inside an installed package (its exports hide bin/ from module resolution). */
export function packageFile(name: string, file: string): string {
  return join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);
}

/** The Node binary running this script: Node 22 from the `node` package when run via npm. */
const NODE = process.execPath;

export interface BackendOptions {
  port: number;
  env: Record<string, string>;
  echo?: boolean;
}

export function startBackend(options: BackendOptions): Promise<Child> {
  const url = `http://127.0.0.1:${options.port}`;
  return startChild({
    name: 'backend',
    command: NODE,
    args: ['backend/src/server.ts'],
    env: { ...options.env, BACKEND_PORT: String(options.port), BACKEND_HOST: '127.0.0.1' },
    url,
    readyPath: '/health',
    // backend/src/server.ts prints it once bound; on EADDRINUSE it prints that the port "is already in use" and exits.
    listeningLine: new RegExp(`backend listening on http://127\\.0\\.0\\.1:${options.port}\\b`),
    echo: options.echo,
  });
}

export interface StorefrontOptions {
  port: number;
  /** Directory of the persisted local KV (wrangler's --persist-to). */
  persistTo: string;
  vars: Record<string, string>;
  echo?: boolean;
}

/** Runs the built worker (dist/server/wrangler.json) in workerd. Build first with `astro build`. */
export async function startStorefront(options: StorefrontOptions): Promise<Child & { inspectorPort: number }> {
  const url = `http://127.0.0.1:${options.port}`;
  // The worker's DevTools inspector (`npm run bench -- --profile`).
  const inspectorPort = await freePort();
  const vars = Object.entries(options.vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const child = await startChild({
    name: 'storefront',
    command: NODE,
    args: [
      packageFile('wrangler', 'bin/wrangler.js'),
      'dev',
      '--config', 'dist/server/wrangler.json',
      '--ip', '127.0.0.1',
      '--port', String(options.port),
      '--inspector-port', String(inspectorPort),
      '--persist-to', options.persistTo,
      '--show-interactive-dev-session=false',
      '--log-level', 'warn',
      ...vars,
    ],
    env: {},
    url,
    // With a sync secret, the probe proves the answer is this storefront's: another one refuses the secret.
    ...(isUsableSecret(options.vars.SYNC_SECRET)
      ? { readyPath: '/sync/status', readyProbe: { headers: { Authorization: `Bearer ${options.vars.SYNC_SECRET}` }, foreignStatus: 401 } }
      : { readyPath: '/pulse' }),
    echo: options.echo,
  });
  return { ...child, inspectorPort };
}

/** Seeds a generated catalog of `products` products into a PGlite directory (the backend's seed CLI). */
export function seedCatalog(pgliteDir: string, products: number): void {
  const seeded = spawnSync(NODE, ['backend/src/cli/seed.ts', '--products', String(products)], {
    cwd: ROOT,
    env: { ...process.env, PGLITE_DIR: pgliteDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
}

/** Builds the storefront (astro build), which also computes ASSET_HASH. */
export async function buildStorefront(echo = false): Promise<void> {
  const child = spawn(NODE, [packageFile('astro', 'bin/astro.mjs'), 'build'], {
    cwd: ROOT,
    env: { ...process.env, ...QUIET_ENV },
    stdio: echo ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${log}`);
}
