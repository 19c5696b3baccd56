/** Fields the admin's record kinds validate alike. */
import { z } from '@hono/zod-openapi';

/** The identifier is the record's URL on the storefront (`/{identifier}`, `/blog/{identifier}`). */
export const contentIdentifier = (noun: string) =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,127}$/, `An identifier: lower-case letters, digits, "-" and "_" (it is the ${noun}'s URL).`);

/** A product's or category's part of its storefront path. */
export const urlKey = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A URL key: lower-case letters and digits, words joined by "-".')
  .max(128);
