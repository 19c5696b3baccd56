/**
 * A store view's own texts for a record (issue 17): a product's name and descriptions, a CMS page's
 * or blog post's title and content. Each kind keeps them in its own table (schema/store-texts.ts)
 * keyed by the record and the store view; a null column inherits the record's own value. The admin
 * APIs take them as `storeOverrides.{code}.{field}`: a string sets the view's own, null or an empty
 * string clears it. HTML fields are sanitised on save like the record's own.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { stores } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { sanitizeMerchantHtml } from '../../platform/markup-sanitize.ts';

export interface StoreTextKind<Field extends string> {
  /** The texts table: its properties are the record's id (`owner`), `storeId` and the fields, named as the record's own. */
  table: PgTable;
  owner: string;
  fields: readonly Field[];
  /** Fields holding merchant HTML. */
  html: readonly Field[];
}

const column = (kind: StoreTextKind<string>, key: string) => (kind.table as unknown as Record<string, PgColumn>)[key]!;

export type StoreTexts<Field extends string> = Record<Field, string | null>;
export type StoreTextInput<Field extends string> = Partial<Record<Field, string | null>>;

interface View {
  id: number;
  code: string;
  isDefault: boolean;
}

async function views(db: Db): Promise<View[]> {
  return db.select({ id: stores.id, code: stores.code, isDefault: stores.isDefault }).from(stores).orderBy(stores.id);
}

const refused = (message: string) => new AppError('invalid', 'invalid_request', message, [{ location: 'json', field: 'storeOverrides', message }]);

/** The override values sent for this kind's fields, per store code (other keys, such as prices, are not its). */
function textsSent<Field extends string>(kind: StoreTextKind<Field>, overrides: Record<string, Record<string, unknown>>) {
  const fields = kind.fields;
  return Object.entries(overrides)
    .map(([code, values]) => [code, Object.fromEntries(fields.filter((field) => values[field] !== undefined).map((field) => [field, values[field] as string | null]))] as const)
    .filter(([, values]) => Object.keys(values).length > 0) as Array<readonly [string, StoreTextInput<Field>]>;
}

/**
 * Writes the texts sent for each store view: only the fields sent change; an empty string or null
 * clears the view's own (so does HTML the sanitiser leaves empty). A row left with nothing of its
 * own is removed. The default store view shows the record's own fields, so it takes no overrides.
 */
export async function writeStoreTexts<Field extends string>(
  db: Db,
  kind: StoreTextKind<Field>,
  ownerId: number,
  overrides: Record<string, Record<string, unknown>>,
): Promise<void> {
  const known = await views(db);
  const unknown = Object.keys(overrides).filter((code) => !known.some((view) => view.code === code));
  if (unknown.length > 0) throw refused(`No store view ${unknown.join(', ')}.`);
  const sent = textsSent(kind, overrides);
  if (sent.length === 0) return;
  const fallback = sent.find(([code]) => known.find((view) => view.code === code)!.isDefault);
  if (fallback) throw refused(`Store view ${fallback[0]} is the default: its texts are the record's own fields.`);
  for (const [code, values] of sent) {
    const storeId = known.find((view) => view.code === code)!.id;
    const set: Record<string, string | null> = {};
    for (const [field, value] of Object.entries(values) as Array<[Field, string | null]>) {
      const text = value !== null && kind.html.includes(field) ? sanitizeMerchantHtml(value) : value;
      set[field] = text === null || text.trim() === '' ? null : text;
    }
    await db
      .insert(kind.table)
      .values({ [kind.owner]: ownerId, storeId, ...set })
      .onConflictDoUpdate({ target: [column(kind, kind.owner), column(kind, 'storeId')], set });
  }
  await removeEmpty(db, kind, ownerId);
}

async function removeEmpty<Field extends string>(db: Db, kind: StoreTextKind<Field>, ownerId: number): Promise<void> {
  const rows = (await db.select().from(kind.table).where(eq(column(kind, kind.owner), ownerId))) as Array<Record<string, unknown>>;
  const fields = kind.fields;
  const storeKey = 'storeId';
  const bare = rows.filter((row) => fields.every((field) => row[field] === null)).map((row) => row[storeKey] as number);
  if (bare.length > 0) await db.delete(kind.table).where(and(eq(column(kind, kind.owner), ownerId), inArray(column(kind, 'storeId'), bare)));
}

/**
 * Every other store view's texts for each record, by store code, as the admin API answers them
 * (null: inherits). The default view is left out: its texts are the record's own.
 */
export async function loadStoreTexts<Field extends string>(db: Db, kind: StoreTextKind<Field>, ownerIds: number[]): Promise<Map<number, Record<string, StoreTexts<Field>>>> {
  const result = new Map<number, Record<string, StoreTexts<Field>>>();
  if (ownerIds.length === 0) return result;
  const [known, rows] = await Promise.all([views(db), db.select().from(kind.table).where(inArray(column(kind, kind.owner), ownerIds)) as Promise<Array<Record<string, unknown>>>]);
  const fields = kind.fields;
  const ownerKey = kind.owner;
  const storeKey = 'storeId';
  for (const ownerId of ownerIds) {
    const byCode: Record<string, StoreTexts<Field>> = {};
    for (const view of known.filter((each) => !each.isDefault)) {
      const row = rows.find((candidate) => candidate[ownerKey] === ownerId && candidate[storeKey] === view.id);
      byCode[view.code] = Object.fromEntries(fields.map((field) => [field, (row?.[field] as string | null | undefined) ?? null])) as StoreTexts<Field>;
    }
    result.set(ownerId, byCode);
  }
  return result;
}

/** One store view's own texts for the records that have any (public records overlay them). */
export async function storeTextsIn<Field extends string>(db: Db, kind: StoreTextKind<Field>, storeId: number, ownerIds: number[]): Promise<Map<number, StoreTexts<Field>>> {
  if (ownerIds.length === 0) return new Map();
  const rows = (await db.select().from(kind.table).where(and(eq(column(kind, 'storeId'), storeId), inArray(column(kind, kind.owner), ownerIds)))) as Array<Record<string, unknown>>;
  const fields = kind.fields;
  const ownerKey = kind.owner;
  return new Map(rows.map((row) => [row[ownerKey] as number, Object.fromEntries(fields.map((field) => [field, row[field] as string | null])) as StoreTexts<Field>]));
}

/** Store views' texts as the audit log keeps them: HTML is not copied there, "(html)" says a view has its own. */
export function auditedStoreTexts(overrides: Record<string, Record<string, unknown>> | undefined, html: readonly string[]) {
  return Object.fromEntries(
    Object.entries(overrides ?? {}).map(([code, own]) => [code, Object.fromEntries(Object.entries(own).map(([field, value]) => [field, html.includes(field) && value !== null ? '(html)' : value]))]),
  );
}

/** The record's value where the view has none of its own. */
export function overlay<Record_ extends object, Field extends string & keyof Record_>(record: Record_, texts: StoreTexts<Field> | undefined): Record_ {
  if (!texts) return record;
  const own = Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== null));
  return { ...record, ...own };
}

/**
 * A content document kind's `extras` (content-admin/document-admin.ts): rows carry every other view's
 * texts as `storeOverrides` (so they are in the record and its ETag), and a save writes the
 * `storeOverrides` it was sent.
 */
export function documentStoreTexts<Field extends string, Row extends { id: number; storeOverrides?: Record<string, StoreTexts<Field>> }>(kind: StoreTextKind<Field>) {
  return {
    async load(db: Db, rows: Row[]): Promise<Row[]> {
      const texts = await loadStoreTexts(db, kind, rows.map((row) => row.id));
      return rows.map((row) => ({ ...row, storeOverrides: texts.get(row.id) ?? {} }));
    },
    async write(db: Db, id: number, input: { storeOverrides?: Record<string, Record<string, unknown>> }): Promise<void> {
      if (input.storeOverrides) await writeStoreTexts(db, kind, id, input.storeOverrides);
    },
    audited: (row: Row) => auditedStoreTexts(row.storeOverrides, kind.html),
  };
}
