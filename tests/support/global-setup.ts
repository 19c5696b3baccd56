import type { TestProject } from 'vitest/node';
import { buildStorefront } from '../../scripts/lib/processes.ts';
import { seededBackendTemplate } from './seeded-backend-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded embedded database every test shop's backend starts from a copy of. */
    seededPglite: string;
  }
}

/** Builds the worker once for all integration tests (the same `astro build` as `npm start`) while seeding the template database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [template] = await Promise.all([seededBackendTemplate(), buildStorefront()]);
  project.provide('seededPglite', template.dir);
  return template.remove;
}
