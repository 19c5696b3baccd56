/**
 * What `/cache/update` may write: only keys of the SPEC.md KV table, each with a value that passes
 * the zod schema of its record and agrees with its key (a product under its own urlKey, a listing
 * page under its own category and page). Anything else is a 400 naming the field.
 */
import { z } from 'zod';
import { parseContentKey, type ContentKey } from '../content/keys.ts';
import {
  blogPostSchema,
  categoryTreeSchema,
  cmsPageSchema,
  countryListSchema,
  listingPageSchema,
  productSchema,
  pulseSchema,
  storeConfigSchema,
} from '../content/schemas.ts';

export interface ValidRecord {
  key: ContentKey;
  /** The record as validated (defaults applied), ready to store. */
  value: unknown;
  updatedAt?: string;
}

export interface InvalidRecord {
  field: string;
  message: string;
}

const schemas: Record<ContentKey['kind'], z.ZodType> = {
  config: storeConfigSchema,
  categories: categoryTreeSchema,
  countries: countryListSchema,
  product: productSchema,
  listingPage: listingPageSchema,
  cms: cmsPageSchema,
  blog: blogPostSchema,
  pulse: pulseSchema,
};

/** The fields of a record that its key also names; they must agree. */
function namedByKey(key: ContentKey): Record<string, unknown> {
  switch (key.kind) {
    case 'product':
      return { urlKey: key.urlKey };
    case 'cms':
    case 'blog':
      return { identifier: key.identifier };
    case 'listingPage':
      return { categoryId: key.categoryId, page: key.page };
    case 'config':
      return { storeCode: key.store };
    default:
      return {};
  }
}

const recordShape = z.record(z.string(), z.unknown());

export function validateContentRecord(rawKey: string, rawValue: unknown): ValidRecord | InvalidRecord {
  const key = parseContentKey(rawKey);
  if (!key) return { field: 'key', message: 'is not a key of the SPEC.md KV table' };
  const result = schemas[key.kind].safeParse(rawValue);
  if (!result.success) {
    const [issue] = result.error.issues;
    return { field: ['value', ...(issue?.path ?? [])].join('.'), message: issue?.message ?? 'is invalid' };
  }
  const value: unknown = result.data;
  const record = recordShape.safeParse(value);
  if (!record.success) return { key, value };
  for (const [field, wanted] of Object.entries(namedByKey(key))) {
    if (record.data[field] !== wanted) return { field: `value.${field}`, message: `must be ${JSON.stringify(wanted)} to match the key` };
  }
  const { updatedAt } = record.data;
  const keepsMetadata = key.kind === 'product' || key.kind === 'cms' || key.kind === 'blog';
  return keepsMetadata && typeof updatedAt === 'string' ? { key, value, updatedAt } : { key, value };
}
