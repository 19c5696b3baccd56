/**
 * `npm start`, the bench and every test shop start the backend and the storefront on a port found
 * free, which another process can take before the child binds it. The child that loses the race must
 * fail as "already in use" (the test shop then takes another port), never pass for ready because the
 * winner answered its readiness probe: a shop talking to another file's backend or storefront failed
 * CI with 401s to its own sync secret.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../scripts/lib/ports.ts';
import { startBackend, startStorefront } from '../scripts/lib/processes.ts';
import { TEST_ADMIN } from './support/seeded-backend-template.ts';

const secret = () => randomBytes(24).toString('base64url');

describe('a second server started on a port the first holds', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shop-processes-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fails a second backend as the address in use, while the first answers on', async () => {
    const backendEnv = async (name: string) => {
      const pgliteDir = join(dir, name);
      await cp(inject('seededPglite'), pgliteDir, { recursive: true });
      return { PGLITE_DIR: pgliteDir, JWT_SECRET: secret(), SYNC_SECRET: secret(), STOREFRONT_PROXY_SECRET: secret(), ...TEST_ADMIN };
    };
    const port = await freePort();
    const first = await startBackend({ port, env: await backendEnv('first') });
    try {
      await expect(startBackend({ port, env: await backendEnv('second') })).rejects.toThrow(/already in use/);
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('fails a second storefront as the address in use, while the first answers on', async () => {
    const vars = () => ({ BACKEND_API_URL: 'http://127.0.0.1:9', SYNC_SECRET: secret(), STOREFRONT_PROXY_SECRET: secret() });
    const port = await freePort();
    const firstVars = vars();
    const first = await startStorefront({ port, persistTo: join(dir, 'first-kv'), vars: firstVars });
    try {
      await expect(startStorefront({ port, persistTo: join(dir, 'second-kv'), vars: vars() })).rejects.toThrow(/already in use/);
      const status = await fetch(`${first.url}/sync/status`, { headers: { Authorization: `Bearer ${firstVars.SYNC_SECRET}` } });
      expect(status.status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});
