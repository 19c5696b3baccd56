import type { z } from 'zod';
import { jsonError } from './responses.ts';

/** Validates a JSON body; a failure is a 400 naming the first offending field (DECISIONS.md 2). */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T | Response {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : (issue?.path ?? []).join('.') || '(body)';
  return invalidField(field, issue?.message ?? 'is invalid');
}

export function invalidField(field: string, message: string): Response {
  return jsonError(400, 'invalid_field', `Invalid ${field}: ${message}.`, { details: { field } });
}
