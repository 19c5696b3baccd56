import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'backend',
    environment: 'node',
    // API tests sit beside the domain, platform area or module they test; test/ keeps the helpers and
    // the few that span the whole app (fuzz, record contracts, two backends).
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Tests that drive a Chromium (*.browser.test.ts) run in the root config's browser project, and a
    // module's tests against the built storefront in its integration project.
    exclude: [...configDefaults.exclude, 'src/**/*.browser.test.ts', 'src/**/*.integration.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each API test file starts its own database; PostgreSQL runs create and seed one per suite.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The root's maxWorkers does not reach a project configured in its own file: without this, the
    // backend's files would run one at a time, after the other projects. Three on two cores: many files
    // wait on timers (retries, throttles, polls), and the third fills those waits.
    maxWorkers: 3,
    // One module graph per worker: the app's modules are imported once, not once per file (the
    // fast loop went from 6 min 12 s to 3 min 2 s, README "Tests"). Each file still opens its own
    // database and app, and no test stubs modules, timers or globals, so nothing carries over.
    isolate: false,
  },
});
