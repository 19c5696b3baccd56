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

const CONTROL_CHARACTERS = 'Must not contain control characters (tab, newline and carriage return are allowed).';

/** A text refused (DECISIONS.md 56: for its control characters unless said otherwise), as the same 400 naming the field. */
export function refusedText(location: string, field: string, message = CONTROL_CHARACTERS): AppError {
  return new AppError('invalid', 'invalid_request', `Invalid request: check ${field}.`, [{ location, field, message }]);
}
