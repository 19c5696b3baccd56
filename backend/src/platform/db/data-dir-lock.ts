import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Raised when another live process holds the embedded database's directory. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number, lockFile: string) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running backend?). ` +
        `Stop it first; if that process is not a backend, delete ${lockFile}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes on one data directory corrupt each other's view
 * (e.g. `npm run seed` while the backend runs). A pid file makes the second one fail with a clear
 * message instead; a lock left by a crashed process is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'backend.lock');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder, lockFile);
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}
