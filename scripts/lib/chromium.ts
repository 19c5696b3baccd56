/**
 * The one way this project starts Chromium: the browser tests (playwright-core) and
 * `npm run lighthouse` (chrome-launcher) both come here, so they run the same build with the same
 * flags.
 *
 * The build is the npm package @sparticuz/chromium (a brotli-packed headless Chromium), so
 * `npm install` is all a machine needs. `CHROMIUM_PATH` names another binary instead (Debian's
 * `/usr/bin/chromium`, say). The package's own `args` are made for AWS Lambda and switch web
 * security and site isolation off (`--disable-web-security`, `--single-process`, `--no-zygote`,
 * site-per-process disabled): they are never used here, so the tests see real CORS, real process
 * isolation and, unless we run as root, the sandbox.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { launch as launchWithPort, type LaunchedChrome } from 'chrome-launcher';
import { chromium, type Browser } from 'playwright-core';

const PACKAGE = '@sparticuz/chromium';

/**
 * Chromium's sandbox needs unprivileged user namespaces, and as root Chromium refuses to start
 * with it. As another user it stays on; `CHROMIUM_SANDBOX=0` switches it off on hosts that forbid
 * user namespaces (Ubuntu 24.04's AppArmor default, some containers).
 */
function sandboxed(): boolean {
  return process.getuid?.() !== 0 && process.env.CHROMIUM_SANDBOX !== '0';
}

/**
 * Our flags, for both launchers. No profile flag: playwright-core and chrome-launcher each start
 * Chromium on a fresh temporary user-data-dir and delete it when the browser closes.
 */
export function chromiumFlags(): string[] {
  return [
    '--headless',
    ...(sandboxed() ? [] : ['--no-sandbox']),
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

let unpacked: Promise<string> | undefined;

/** The Chromium binary: `CHROMIUM_PATH` when set, else the npm package's, unpacked on first use. */
export function chromiumExecutable(): Promise<string> {
  const override = process.env.CHROMIUM_PATH?.trim();
  if (override) return Promise.resolve(override);
  unpacked ??= unpack();
  return unpacked;
}

/**
 * Unpacks the package's Chromium into node_modules/.cache/sparticuz-chromium/{version}/ once.
 * The package's `executablePath()` unpacks into the temporary directory (/tmp/chromium, fonts and
 * GL libraries beside it) and reuses whatever is there: two test workers unpacking at once hand out
 * a half-written binary (ETXTBSY), another user's copy is not executable (mode 0700), and an older
 * version's copy outlives an upgrade. So it runs in a child whose TMPDIR is a private staging
 * directory, which is then renamed into place: the rename is atomic, and when another process got
 * there first its copy is used and ours dropped.
 */
async function unpack(): Promise<string> {
  const packageDir = dirname(dirname(fileURLToPath(import.meta.resolve(PACKAGE))));
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cache = join(packageDir, '../../.cache/sparticuz-chromium');
  const target = join(cache, version);
  const binary = join(target, 'chromium');
  if (existsSync(binary)) return binary;

  await mkdir(cache, { recursive: true });
  const staging = await mkdtemp(join(cache, `${version}.partial-`));
  try {
    const script = `const { default: chromium } = await import(${JSON.stringify(import.meta.resolve(PACKAGE))}); await chromium.executablePath();`;
    await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], { env: { ...process.env, TMPDIR: staging } });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw new Error(`Could not unpack ${PACKAGE} ${version} into ${cache}`, { cause: error });
  }
  await pruneOtherVersions(cache, version);
  return binary;
}

/** Unpacked older versions, and staging left by a run that died (each about 220 MB), go. */
async function pruneOtherVersions(cache: string, version: string): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(cache)) {
    if (name === version) continue;
    const path = join(cache, name);
    if (name.includes('.partial-')) {
      // Another process may be unpacking into a recent staging directory right now, or have just
      // dropped it (then stat finds nothing, which is as good as pruned).
      const modified = await stat(path).then(
        (stats) => stats.mtimeMs,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return 0;
          throw error;
        },
      );
      if (modified > hourAgo) continue;
    }
    await rm(path, { recursive: true, force: true });
  }
}

/** A sandbox the host refuses ("No usable sandbox!") comes with the way to go on without one. */
function explained(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (!/no usable sandbox|sandboxing failed/i.test(message)) return error instanceof Error ? error : new Error(message);
  return new Error(`${message}\nChromium could not start its sandbox here; CHROMIUM_SANDBOX=0 runs it without one.`, { cause: error });
}

/** Headless Chromium driven by playwright-core (the browser tests). */
export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromiumExecutable();
  // playwright-core adds --no-sandbox itself unless chromiumSandbox is true.
  return chromium.launch({ executablePath, chromiumSandbox: sandboxed(), args: chromiumFlags() }).catch((error: unknown) => {
    throw explained(error);
  });
}

/** Headless Chromium listening on a DevTools port (Lighthouse); `kill()` it when done. */
export async function launchChromiumWithPort(): Promise<LaunchedChrome> {
  const chromePath = await chromiumExecutable();
  return launchWithPort({ chromePath, chromeFlags: chromiumFlags() }).catch((error: unknown) => {
    throw explained(error);
  });
}
