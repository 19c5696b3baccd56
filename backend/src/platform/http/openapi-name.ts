import { z } from '@hono/zod-openapi';

/**
 * `schema.openapi(name)` for a shared contract (contracts/): those are plain zod, and a schema zod
 * made before `@hono/zod-openapi` extended it has no `.openapi` of its own (zod copies methods onto
 * each schema when it is made), so which module loads first would decide whether this works. Named
 * this way, a record that `.extend`s it documents as "the named record and more" (allOf), which
 * `.meta({ id })` cannot express.
 */
export function openapiNamed<T extends z.ZodType>(schema: T, name: string): T {
  return z.ZodType.prototype.openapi.call(schema, name) as T;
}
