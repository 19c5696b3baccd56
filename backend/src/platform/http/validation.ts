import type { z } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';

export interface InvalidField {
  /** Where the value came from: query, param, header, json... */
  location: string;
  /** Dotted path of the field, e.g. "page". */
  field: string;
  message: string;
}

/** A zod failure as our 400 `invalid_request`, naming each field. */
export function invalidRequest(location: string, error: z.ZodError): AppError {
  const fields: InvalidField[] = error.issues.map((issue) => ({
    location,
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const names = [...new Set(fields.map((f) => f.field || f.location))].join(', ');
  return new AppError('invalid', 'invalid_request', `Invalid request: check ${names}.`, fields);
}

/** A text refused for its control characters (DECISIONS.md 56), as the same 400 naming the field. */
export function refusedText(location: string, field: string): AppError {
  const message = 'Must not contain control characters (tab, newline and carriage return are allowed).';
  return new AppError('invalid', 'invalid_request', `Invalid request: check ${field}.`, [{ location, field, message }]);
}

/** A key named `__proto__` (prototype-keys.ts), as the same 400 naming where it stands. */
export function refusedKey(location: string, field: string): AppError {
  const message = 'No key may be named __proto__.';
  return new AppError('invalid', 'invalid_request', `Invalid request: check ${field}.`, [{ location, field, message }]);
}
