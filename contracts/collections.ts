/** The envelopes the backend's collection answers use around the records. */
import { z } from 'zod';

/** A page of a paged collection (`/products`, `/search`, `/cms-pages`, `/blog-posts`). */
export function pageOf<T extends z.ZodType>(member: T) {
  return z.object({
    member: z.array(member),
    totalItems: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    itemsPerPage: z.number().int().positive(),
  });
}

/** A whole, unpaged list (`/categories`: the top-level nodes; `/countries`). */
export function listOf<T extends z.ZodType>(member: T) {
  return z.object({ member: z.array(member), totalItems: z.number().int().nonnegative() });
}
