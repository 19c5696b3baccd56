import { z } from 'zod';

/** Lists of records the admin form offers as pickers instead of free text. */
export type Picker = 'customerGroups' | 'categories' | 'stores' | 'countries' | 'cmsPages';

/** What a configuration field says about itself beyond its type: for the admin form and for masking. */
export interface FieldMeta {
  label?: string;
  help?: string;
  /** Write-only: stored encrypted, never answered (shown as "********" when set). */
  secret?: boolean;
  /**
   * A secret that belongs to the sibling field of this name (e.g. a URL it is sent to): a save that
   * changes that field must send the secret again, or it is refused (config-store.ts).
   */
  boundTo?: string;
  picker?: Picker;
  /** A long text (message, template body): a textarea. */
  multiline?: boolean;
  /** A record of texts by store code (a message per store view): one field per store, blank means the default. */
  perStore?: boolean;
  /** Fixed choices a single picker offers before its records, instead of "(none)" (e.g. the login page). */
  choices?: { value: string; label: string }[];
  /** Prefix of the stored value of a record a single picker offers (e.g. "cms:" before a page identifier). */
  valuePrefix?: string;
}

/** Field metadata of configuration schemas (a zod registry: the schemas stay plain zod). */
export const fieldMeta = z.registry<FieldMeta>();

const pickers: readonly Picker[] = ['customerGroups', 'categories', 'stores', 'countries', 'cmsPages'];

/** The keys of zod's own `.meta({...})` that mean something to the admin form, checked (that registry is untyped). */
function fromZodMeta(meta: Record<string, unknown> | undefined): FieldMeta {
  if (!meta) return {};
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : undefined);
  const flag = (key: string) => (typeof meta[key] === 'boolean' ? (meta[key] as boolean) : undefined);
  const picker = pickers.find((name) => name === meta.picker);
  const choices = Array.isArray(meta.choices) ? meta.choices.filter((c): c is { value: string; label: string } => typeof c?.value === 'string' && typeof c?.label === 'string') : undefined;
  const found: FieldMeta = { label: text('label') ?? text('title'), help: text('help') ?? text('description'), secret: flag('secret'), boundTo: text('boundTo'), picker, multiline: flag('multiline'), perStore: flag('perStore'), choices, valuePrefix: text('valuePrefix') };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined));
}

/**
 * What a field says about itself, through `field(...)` or zod's `.meta({...})`, on the field or on the
 * type it wraps (`.meta()` before `.default()` lands on the inner schema); the outer word wins.
 */
export function metaOf(schema: z.ZodType): FieldMeta {
  return layersOf(schema).reduceRight<FieldMeta>((meta, layer) => ({ ...meta, ...fromZodMeta(z.globalRegistry.get(layer)), ...fieldMeta.get(layer) }), {});
}

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

/** The schema and each type it wraps, through defaults, optionals and pipes, outermost first. */
function layersOf(schema: z.ZodType): z.ZodType[] {
  const layers = [schema];
  for (;;) {
    const current = layers.at(-1)!;
    if (current instanceof z.ZodDefault || current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodPrefault) {
      layers.push(current.unwrap() as z.ZodType);
    } else if (current instanceof z.ZodPipe) {
      layers.push(current.in as z.ZodType);
    } else {
      return layers;
    }
  }
}

/** Looks through defaults, optionals and pipes to the type that decides the form control. */
export function unwrap(schema: z.ZodType): z.ZodType {
  return layersOf(schema).at(-1)!;
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
  if (kind.kind !== 'object') return metaOf(schema).secret ? [prefix] : [];
  return Object.entries(kind.shape).flatMap(([key, child]) => secretPaths(child, [...prefix, key]));
}
