import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs three projects:
 * - unit: pure logic next to the code (src, contracts, integrations, scripts, widget), plain Node;
 * - backend: the backend's API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set);
 * - integration: the real backend and the built storefront in workerd, over real HTTP.
 */
export default defineConfig({
  test: {
    // Two cores: two test files at a time. The integration project runs after the others (groupOrder):
    // each of its files starts a backend, a workerd and often a Chromium, and run alongside the backend's
    // API tests they only wait on each other for the CPU (a full run took about twice as long).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'contracts/**/*.test.ts', 'integrations/**/*.test.ts', 'scripts/**/*.test.ts', 'widget/**/*.test.ts'],
        },
      },
      './backend/vitest.config.ts',
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'backend/src/modules/*/**/*.integration.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Islands hydrate and call /api before a form fills in; on a loaded CI machine that can take
          // longer than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
          // Each file starts its own shop; two at once is what two cores carry.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
