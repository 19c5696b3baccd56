/**
 * How far a value is from a contract, for tests: the schema's own issues plus every key the schema
 * does not know. The contracts parse in zod's default "strip" mode, so a consumer tolerates a field
 * the producer adds (an additive change); a test must not, or the copies drift apart again unseen.
 * A key the schema strips is a key it does not know; `catchall` blocks (modules' extensions) are
 * kept by the parse and so are never reported.
 */
import type { z } from 'zod';

/*
 * Why the contracts are hand-written zod rather than generated from `/api/rest/v2/docs.json`: the
 * backend's OpenAPI document is itself generated from these schemas, so generating them back would
 * be a loop with a build step in it; zod keeps the refinements the document cannot carry (trimmed
 * names, the messages the forms show, discriminated configurations) and gives the storefront both a
 * parser (sync, KV) and, through `z.infer`, the types the islands and the widget import. What a
 * generator would guarantee, that producer and consumers agree, this check gives instead: the
 * backend's tests hold every answer to its contract with it, and the document's fields to the
 * contracts' (backend/test/record-contracts.test.ts, commerce-contracts.test.ts).
 */

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
