import { buildStorefront } from '../../scripts/lib/processes.ts';

/** Builds the worker once for all integration tests (the same `astro build` as `npm start`). */
export default async function setup(): Promise<void> {
  await buildStorefront();
}
