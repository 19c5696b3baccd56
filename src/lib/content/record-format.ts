/**
 * Which shape of the record schemas a KV record was checked against. zod cannot compile its checks
 * in workerd (no `new Function`), so validating a product record on every uncached render cost about
 * a tenth of the render's CPU, re-checking what the sync had checked before writing it.
 *
 * The sync marks a record with RECORD_FORMAT (key metadata `format`) only when its value is the
 * output of the schema its readers use: CMS pages and blog posts as the backend client parsed them
 * with that schema, products as it parsed them with the listing schema, which the detail schema the
 * reader uses extends with optional children only (record-format.test.ts checks both), and the
 * listing pages and facet indexes the sync builds once their schemas accepted them. A read of a record
 * with this build's mark skips validation; every other record (written by hand, by `/cache/update`,
 * by a refetch, by a build whose schemas differ) is validated as before. The mark is part of the
 * record's content hash, so the first sync of a build with other schemas rewrites every marked record.
 *
 * RECORD_FORMAT is a digest of these schemas' JSON Schema: record-format.test.ts fails with the new
 * value when a schema changes. A check JSON Schema cannot show (a `refine`) changes no digest: change
 * RECORD_FORMAT's prefix with such a check.
 */
import type { z } from 'zod';
import { blogPostSchema, cmsPageSchema, facetIndexSchema, listingPageSchema, productSchema } from './schemas.ts';

/** The schemas of the records the sync marks, each as its readers use it. */
export const markedRecordSchemas = {
  product: productSchema,
  cms: cmsPageSchema,
  blog: blogPostSchema,
  listingPage: listingPageSchema,
  facetIndex: facetIndexSchema,
} as const;

export const RECORD_FORMAT = 'v1-58f8cacae31598f5';

/** The key metadata field holding the mark. */
export const FORMAT_METADATA = 'format';

const marked: ReadonlySet<z.ZodType> = new Set(Object.values(markedRecordSchemas));

/**
 * Whether a record read with `schema` needs no check: its key's metadata says this build's sync
 * checked it, and `schema` is one the sync checks with (a reader with another schema checks).
 */
export function isCheckedRecord(metadata: unknown, schema: z.ZodType): boolean {
  return marked.has(schema) && typeof metadata === 'object' && metadata !== null && (metadata as Record<string, unknown>)[FORMAT_METADATA] === RECORD_FORMAT;
}
