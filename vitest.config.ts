import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm test` runs four projects:
 * - unit: pure logic next to the code (src, contracts, integrations, scripts, widget), plain Node;
 * - backend: the backend's API tests beside the domain, platform area or module they test (PGlite, and
 *   PostgreSQL when TEST_DATABASE_URL is set);
 * - integration: the real backend and the built storefront in workerd, over real HTTP;
 * - browser: every `*.browser.test.ts`, a real Chromium driving the backend's admin or the built storefront.
 * `npm run test:fast` is the first two on PGlite: the everyday loop.
 */
export default defineConfig({
  test: {
    // Two cores: three unit or backend files at a time (they often wait on timers; backend/vitest.config.ts),
    // two integration or browser files (each declares its own). The integration and browser projects run after the others
    // (groupOrder): each of their files starts a backend, a workerd or a Chromium, and run alongside the
    // backend's API tests they only wait on each other for the CPU (a full run took about twice as long).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Pure logic with no module-level state between files: one module graph for all of them took
          // the project from 22 s to 5 s of CPU (2026-11-27), all 545 tests passing the same.
          isolate: false,
          include: ['src/**/*.test.ts', 'contracts/**/*.test.ts', 'integrations/**/*.test.ts', 'scripts/**/*.test.ts', 'widget/**/*.test.ts'],
        },
      },
      './backend/vitest.config.ts',
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'backend/src/modules/*/**/*.integration.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.browser.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 10_000 } },
          // Each file starts its own shop; two at once is what two cores carry.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/**/*.browser.test.ts', 'backend/src/**/*.browser.test.ts'],
          // The admin's browser tests start test shops from the backend's database snapshots; the
          // storefront's start the built worker from the seeded template (the build is shared with the
          // integration project's setup in one run).
          globalSetup: ['backend/test/global-setup.ts', 'tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Islands hydrate and call /api before a form fills in; on a loaded CI machine that can take
          // longer than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 2,
          // After the integration project: a Chromium beside two workerd shops would starve all three.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
