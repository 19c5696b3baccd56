import type { TestProject } from 'vitest/node';
import { buildStorefront } from '../../scripts/lib/processes.ts';
import { seededBackendTemplate } from './seeded-backend-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded embedded database every test shop's backend starts from a copy of. */
    seededPglite: string;
  }
}

// The integration and browser projects both load this setup, one after the other in vitest's one
// process: the second waits on the first's build instead of building the same worker again.
const run = globalThis as typeof globalThis & { storefrontBuild?: Promise<void> };

/** Builds the worker once for all integration and browser tests (the same `astro build` as `npm start`) while seeding the template database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  run.storefrontBuild ??= buildStorefront();
  const [template] = await Promise.all([seededBackendTemplate(), run.storefrontBuild]);
  project.provide('seededPglite', template.dir);
  return template.remove;
}
