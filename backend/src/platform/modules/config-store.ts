import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { decryptSecret, encryptSecret, SecretDecryptionError, type SecretKey } from '../crypto/secret-box.ts';
import type { Db } from '../db/database.ts';
import { moduleConfigs } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { kindOf, metaOf, secretMask, secretPaths, type FieldKind } from './config-fields.ts';

type Json = Record<string, unknown>;

/** One module's configuration schema and the key its secrets are sealed with. */
export interface ConfigSpec {
  schema: z.ZodType;
  key?: SecretKey;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function getPath(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), value);
}

/** Returns a copy of `value` with the field at `path` replaced (created if missing); `undefined` removes it. */
function setPath(value: Json, path: readonly string[], replacement: unknown): Json {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const copy = { ...value };
  if (rest.length === 0) {
    if (replacement === undefined) delete copy[head];
    else copy[head] = replacement;
  } else {
    copy[head] = setPath(isObject(copy[head]) ? copy[head] : {}, rest, replacement);
  }
  return copy;
}

/**
 * DECISIONS.md 25: fields sent replace stored ones, objects merge deeply, arrays replace. A record (a
 * map keyed by data, e.g. a message per store code) is a value like an array and replaces too: that is
 * how one of its entries is removed.
 */
export function mergeConfig(stored: Json, patch: Json, schema?: z.ZodType): Json {
  const merged: Json = { ...stored };
  const kind = schema ? kindOf(schema) : undefined;
  for (const [key, value] of Object.entries(patch)) {
    const child = kind?.kind === 'object' ? kind.shape[key] : undefined;
    const replaces = child !== undefined && kindOf(child).kind === 'record';
    merged[key] = isObject(value) && isObject(merged[key]) && !replaces ? mergeConfig(merged[key], value, child) : value;
  }
  return merged;
}

/** An unknown key anywhere in the patch is refused by name (a typo must not be stored silently). */
function rejectUnknownKeys(schema: z.ZodType, patch: unknown, path: string[] = []): void {
  const kind = kindOf(schema);
  if (kind.kind !== 'object' || !isObject(patch)) return;
  for (const [key, value] of Object.entries(patch)) {
    const child = kind.shape[key];
    const field = [...path, key].join('.');
    if (!child) throw new AppError('invalid', 'invalid_field', `Unknown configuration field "${field}".`, { field });
    rejectUnknownKeys(child, value, [...path, key]);
  }
}

/** The first problem of a configuration, as the API and the admin form both report it. */
/** The schema of the field at `path` of an object schema. */
function fieldAt(schema: z.ZodType, path: readonly string[]): z.ZodType | undefined {
  let node: z.ZodType | undefined = schema;
  for (const key of path) {
    const kind: FieldKind | undefined = node ? kindOf(node) : undefined;
    node = kind?.kind === 'object' ? kind.shape[key] : undefined;
  }
  return node;
}

/**
 * A stored secret is never sent somewhere new without the admin typing it again: when the field it is
 * bound to (metaOf(...).boundTo, e.g. the URL it goes to) changes and the secret is only kept, the
 * save is refused naming the secret's field (DECISIONS.md 57).
 */
function refuseMovedSecret(schema: z.ZodType, path: readonly string[], kept: unknown, stored: Json, merged: Json): void {
  const secretField = fieldAt(schema, path);
  const boundTo = secretField && metaOf(secretField).boundTo;
  if (!secretField || !boundTo || typeof kept !== 'string' || kept === '') return;
  const sibling = [...path.slice(0, -1), boundTo];
  if ((getPath(stored, sibling) ?? '') === (getPath(merged, sibling) ?? '')) return;
  const label = metaOf(secretField).label ?? path.join('.');
  throw new AppError('invalid', 'invalid_field', `${label}: enter it again to send it to the new ${boundTo}, or clear it.`, { field: path.join('.') });
}

export function invalidField(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  return new AppError('invalid', 'invalid_field', issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid configuration.', { field });
}

/**
 * Stores, validates, seals and masks module configurations (DECISIONS.md 25). Reads are cached for a
 * few seconds per module (several backend processes share the database, so a change made in another
 * process shows within that time; a change made here shows at once).
 */
export class ConfigStore {
  readonly #specs: ReadonlyMap<string, ConfigSpec>;
  readonly #cache = new Map<string, { value: unknown; until: number }>();
  readonly #ttlMs: number;

  constructor(specs: ReadonlyMap<string, ConfigSpec>, ttlMs = 5000) {
    this.#specs = specs;
    this.#ttlMs = ttlMs;
  }

  #spec(moduleId: string): ConfigSpec {
    const spec = this.#specs.get(moduleId);
    if (!spec) throw new Error(`Module ${moduleId} has no configuration.`);
    return spec;
  }

  async #stored(db: Db, moduleId: string): Promise<Json> {
    const [row] = await db.select({ value: moduleConfigs.value }).from(moduleConfigs).where(eq(moduleConfigs.moduleId, moduleId));
    return row?.value ?? {};
  }

  #open(spec: ConfigSpec, sealed: string): string {
    if (!spec.key) return '';
    try {
      return decryptSecret(spec.key, sealed);
    } catch (error) {
      if (error instanceof SecretDecryptionError) return '';
      throw error;
    }
  }

  /** The validated configuration with secrets in clear, for the module's own use. */
  async get(db: Db, moduleId: string): Promise<unknown> {
    const cached = this.#cache.get(moduleId);
    if (cached && cached.until > Date.now()) return cached.value;
    const spec = this.#spec(moduleId);
    let raw = await this.#stored(db, moduleId);
    for (const path of secretPaths(spec.schema)) {
      const sealed = getPath(raw, path);
      if (typeof sealed !== 'string' || sealed === '') continue;
      if (!spec.key) throw new AppError('unavailable', 'encryption_key_missing', `Set CONFIG_ENCRYPTION_KEY (or JWT_SECRET) to read the stored secrets of ${moduleId}.`);
      try {
        raw = setPath(raw, path, decryptSecret(spec.key, sealed));
      } catch (error) {
        if (!(error instanceof SecretDecryptionError)) throw error;
        throw new AppError('unavailable', 'secret_unreadable', `${moduleId} ${path.join('.')}: ${error.message}`, { field: path.join('.') }, { cause: error });
      }
    }
    // Stored values were valid when written; a later, stricter schema falls back to its defaults rather than failing every request.
    const parsed = spec.schema.safeParse(raw);
    const value = parsed.success ? parsed.data : spec.schema.parse({});
    this.#cache.set(moduleId, { value, until: Date.now() + this.#ttlMs });
    return value;
  }

  /** The configuration as the API answers it: defaults filled in, secrets "********" when set and "" when not. */
  async view(db: Db, moduleId: string): Promise<Json> {
    const spec = this.#spec(moduleId);
    const raw = await this.#stored(db, moduleId);
    const paths = secretPaths(spec.schema);
    // Parse without the secrets (a mask would fail their format checks), then mark the ones that are set.
    const parsed = spec.schema.safeParse(paths.reduce((value, path) => setPath(value, path, ''), raw));
    let view = (parsed.success ? parsed.data : spec.schema.parse({})) as Json;
    for (const path of paths) view = setPath(view, path, getPath(raw, path) ? secretMask : '');
    return view;
  }

  /**
   * Applies a partial configuration and answers the stored whole, masked. A secret sent as "********"
   * keeps the stored one; "" clears it. Nothing is written unless the result is valid.
   */
  async update(db: Db, moduleId: string, patch: unknown): Promise<{ before: Json; after: Json }> {
    const spec = this.#spec(moduleId);
    if (!isObject(patch)) throw new AppError('invalid', 'invalid_field', 'Send the configuration, or part of it, as a JSON object.', { field: '' });
    rejectUnknownKeys(spec.schema, patch);
    const before = await this.view(db, moduleId);
    const stored = await this.#stored(db, moduleId);
    let clear = mergeConfig(stored, patch, spec.schema);
    let sealed = clear;
    for (const path of secretPaths(spec.schema)) {
      const sent = getPath(patch, path);
      if (sent === secretMask || sent === undefined) {
        // Keep the stored envelope; validation sees its clear text (an unreadable one counts as unset).
        const kept = getPath(stored, path);
        refuseMovedSecret(spec.schema, path, kept, stored, clear);
        clear = setPath(clear, path, typeof kept === 'string' && kept !== '' ? this.#open(spec, kept) : kept);
        sealed = setPath(sealed, path, kept);
      } else if (typeof sent === 'string' && sent !== '') {
        if (!spec.key) throw new AppError('unavailable', 'encryption_key_missing', 'Secrets cannot be stored: set CONFIG_ENCRYPTION_KEY (or JWT_SECRET) in the backend environment.');
        sealed = setPath(sealed, path, encryptSecret(spec.key, sent));
      }
    }
    const parsed = spec.schema.safeParse(clear);
    if (!parsed.success) throw invalidField(parsed.error);
    const now = new Date();
    await db
      .insert(moduleConfigs)
      .values({ moduleId, value: sealed, updatedAt: now })
      .onConflictDoUpdate({ target: moduleConfigs.moduleId, set: { value: sealed, updatedAt: now } });
    return { before, after: await this.view(db, moduleId) };
  }

  /** Drops the cached configuration (after a change committed), so the next read sees it. */
  forget(moduleId: string): void {
    this.#cache.delete(moduleId);
  }
}
