import { z } from '@hono/zod-openapi';
import { pageOf } from '../../../../contracts/collections.ts';

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'invalid_request', description: 'snake_case code' }),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .openapi('Error');

/** Shared error responses of the documented routes. */
export const errorResponses = {
  400: { description: 'Invalid request', content: { 'application/json': { schema: ErrorSchema } } },
  404: { description: 'Not found', content: { 'application/json': { schema: ErrorSchema } } },
} as const;

export const maxItemsPerPage = 100;

export const PagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).openapi({ description: 'Page number, from 1.', example: 1 }),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxItemsPerPage)
    .default(20)
    .openapi({ description: `Page size, 1 to ${maxItemsPerPage}.`, example: 20 }),
});
export type Paging = z.infer<typeof PagingQuery>;

/** A page of `member` records, named `name` in the OpenAPI document (the envelope is the shared contract's). */
export function collectionOf<T extends z.ZodType>(member: T, name: string) {
  return pageOf(member).meta({ id: name });
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body validated by `schema`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** Timestamps on the wire: "YYYY-MM-DD HH:MM:SS", UTC (the shared contracts' field type). */
export { timestamp as Timestamp } from '../../../../contracts/fields.ts';
