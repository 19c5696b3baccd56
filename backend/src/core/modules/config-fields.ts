import { z } from 'zod';

/** Lists of records the admin form offers as pickers instead of free text. */
export type Picker = 'customerGroups' | 'categories' | 'stores' | 'countries' | 'cmsPages';

/** What a configuration field says about itself beyond its type: for the admin form and for masking. */
export interface FieldMeta {
  label?: string;
  help?: string;
  /** Write-only: stored encrypted, never answered (shown as "********" when set). */
  secret?: boolean;
  picker?: Picker;
  /** A long text (message, template body): a textarea. */
  multiline?: boolean;
}

/** Field metadata of configuration schemas (a zod registry: the schemas stay plain zod). */
export const fieldMeta = z.registry<FieldMeta>();

/** Labels a configuration field; `secret`, `picker` and `multiline` change how it is stored and shown. */
export function field<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  fieldMeta.add(schema, meta);
  return schema;
}

/** What the mask of a stored secret looks like on the wire, in the form and in the audit log (DECISIONS.md 25). */
export { maskedSecret as secretMask } from '../audit/config-diff.ts';

/** The shapes a configuration field can take, as the form and the secret handling see them. */
export type FieldKind =
  | { kind: 'boolean' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'text' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'list'; of: 'text' | 'number' }
  | { kind: 'object'; shape: Record<string, z.ZodType> }
  | { kind: 'record' };

/** Looks through defaults, optionals and pipes to the type that decides the form control. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodDefault || current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodPrefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else {
      return current;
    }
  }
}

export function kindOf(schema: z.ZodType): FieldKind {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodBoolean) return { kind: 'boolean' };
  if (inner instanceof z.ZodEnum) return { kind: 'enum', options: inner.options.map(String) };
  if (inner instanceof z.ZodNumber) return { kind: 'number', integer: inner.format === 'safeint' || inner.isInt === true };
  if (inner instanceof z.ZodArray) return { kind: 'list', of: unwrap(inner.element as z.ZodType) instanceof z.ZodNumber ? 'number' : 'text' };
  if (inner instanceof z.ZodObject) return { kind: 'object', shape: inner.shape as Record<string, z.ZodType> };
  if (inner instanceof z.ZodRecord) return { kind: 'record' };
  return { kind: 'text' };
}

/** The dotted paths of every secret field of a configuration schema. */
export function secretPaths(schema: z.ZodType, prefix: string[] = []): string[][] {
  const kind = kindOf(schema);
  if (kind.kind !== 'object') return fieldMeta.get(schema)?.secret ? [prefix] : [];
  return Object.entries(kind.shape).flatMap(([key, child]) => secretPaths(child, [...prefix, key]));
}
