/**
 * How far a value is from a contract, for tests: the schema's own issues plus every key the schema
 * does not know. The contracts parse in zod's default "strip" mode, so a consumer tolerates a field
 * the producer adds (an additive change); a test must not, or the copies drift apart again unseen.
 * A key the schema strips is a key it does not know; `catchall` blocks (modules' extensions) are
 * kept by the parse and so are never reported.
 */
import type { z } from 'zod';

export function driftOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (!result.success) return result.error.issues.map((issue) => `${pathText(issue.path)}: ${issue.message}`);
  return unknownKeys(value, result.data, []);
}

function unknownKeys(input: unknown, output: unknown, path: PropertyKey[]): string[] {
  if (Array.isArray(input) && Array.isArray(output)) return input.flatMap((item, index) => unknownKeys(item, output[index], [...path, index]));
  if (!isRecord(input) || !isRecord(output)) return [];
  return Object.keys(input).flatMap((key) =>
    key in output ? unknownKeys(input[key], output[key], [...path, key]) : [`${pathText([...path, key])}: not in the contract`],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathText(path: PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}
