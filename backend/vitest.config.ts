import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'backend',
    environment: 'node',
    // test/browser/*.test.ts (Chromium through playwright-core) run here too.
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // A module's tests against the built storefront run in the root config's integration project.
    exclude: ['src/**/*.integration.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each API test file starts its own database; PostgreSQL runs create and seed one per suite.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The root's maxWorkers does not reach a project configured in its own file: without this, the
    // backend's files would run one at a time, after the other projects.
    maxWorkers: 2,
  },
});
