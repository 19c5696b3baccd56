import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
  const lockFile = join(dir, 'backend.lock');
  afterEach(() => rmSync(lockFile, { force: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes our pid and removes it on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a directory held by another live process', () => {
    writeFileSync(lockFile, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone', () => {
    // Above the kernel's pid_max (4194304 at most), so no such process can exist.
    writeFileSync(lockFile, '4194305');
    lockDataDir(dir)();
    expect(existsSync(lockFile)).toBe(false);
  });
});
