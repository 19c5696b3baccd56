/**
 * A submitted admin form as the API's input, read by the API's own zod schema, so a page validates
 * exactly as the API does and shows the API's messages beside its fields (issue 32, point 2).
 *
 * A form posts strings only; the schema says what each one is:
 * - a blank field is unset where the schema lets it be (optional or with a default), null where it is
 *   nullable (a "(none)" choice clears), and stays '' where the value is required, so the schema's own
 *   "too short" message is the one shown;
 * - a number field's text becomes a number (text that is no number reaches the schema as NaN and is
 *   refused with its message);
 * - a boolean is a checkbox: an unticked box posts nothing, HTML's way of saying false, so absent is
 *   false; a posted "false" (a yes/no select) is false too;
 * - an array takes every value of its name, repeated or as `name[]`, then its numbered rows
 *   (`buyers.0.email`, `priceListIds.2`) in the order of their numbers, a row left wholly blank left
 *   out (a form's spare rows); a message about a row is shown beside the row's field as it was named;
 * - `a.b` names fill nested objects and records (`storeOverrides.de.title`).
 * Names the schema does not know (`_csrf`, `_etag`) are left out; files are passed on as they are for
 * the schema to refuse (no admin form that posts here takes one).
 * What a widget posts in its own shape (comma-separated tags, a zone-less `datetime-local`) is the
 * widget's to turn into the schema's shape before this runs.
 *
 * A form whose save merges into what is stored (`{ merge: true }`: a module's configuration, saved
 * as the API's PUT merges) reads otherwise where "unset" would mean "keep": a field not posted stays
 * as stored (a checkbox posts a hidden "false" before it, so it is always posted); a blank text is
 * the empty text, for the schema to take ("none") or refuse with its message; and a record's blank
 * entry is left out (a per-store text falls back to the default).
 */
import type { z } from 'zod';

type Posted = string | File;
/** A form as FormData, or as Hono's `parseBody({ all: true })` (one value, or several for a repeated name). */
export type SubmittedForm = FormData | Record<string, Posted | Posted[]>;

/** The form's values by name, nested along the dots of their names. */
interface Branch {
  values: Posted[];
  children: Map<string, Branch>;
}

const branch = (): Branch => ({ values: [], children: new Map() });

function treeOf(form: SubmittedForm): Branch {
  const root = branch();
  const entries: Array<[string, Posted]> =
    form instanceof FormData ? [...form.entries()] : Object.entries(form).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one): [string, Posted] => [name, one]));
  for (const [name, value] of entries) {
    let node = root;
    for (const part of name.replace(/\[\]$/, '').split('.')) {
      let child = node.children.get(part);
      if (!child) node.children.set(part, (child = branch()));
      node = child;
    }
    node.values.push(value);
  }
  return root;
}

/** Zod's definition of a schema (zod 4 keeps it on `_zod.def`, the same for zod and @hono/zod-openapi's re-export). */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a blank field means to a schema: unset, null, or '' (the value is required: the schema says what is missing). */
type Blank = 'unset' | 'null' | 'empty';

/** The schema under its wrappers, and what blank means to it (nullable wins over optional: a "(none)" choice clears). */
function unwrap(schema: z.ZodType): { inner: z.ZodType; blank: Blank } {
  let inner = schema;
  let blank: Blank = 'empty';
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'nullable') blank = 'null';
    else if ((def.type === 'optional' || def.type === 'default' || def.type === 'prefault') && blank !== 'null') blank = 'unset';
    if (['nullable', 'optional', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) inner = def.innerType!;
    // A preprocess (a transform in front) reads any input: the schema after it says the shape; a transform after reads what is in front.
    else if (def.type === 'pipe') inner = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
    else return { inner, blank };
  }
}

/** Each array read from numbered rows, with the number each element was posted under (for its messages). */
const rowNames = new WeakMap<unknown[], Array<string | undefined>>();

/** The numbered rows of a node (`name.0`, `name.1`…), in the order of their numbers. */
const numberedRows = (node: Branch) =>
  [...node.children].filter(([key]) => /^\d{1,6}$/.test(key)).sort(([a], [b]) => Number(a) - Number(b));

/** Whether a row posted nothing but blanks (a spare row of a form). */
function blankRow(node: Branch): boolean {
  return node.values.every((value) => typeof value === 'string' && value.trim() === '') && [...node.children.values()].every(blankRow);
}

const blankValue = (blank: Blank) => (blank === 'unset' ? undefined : blank === 'null' ? null : '');

/** How a form's save treats what it leaves out (see the top of this file). */
export interface FormReading {
  merge?: boolean;
}

/**
 * Absent (not posted at all) is unset, but for a checkbox (false) and a required group (read empty,
 * so its fields say what is missing); in a merging form absent is always unset.
 */
function read(schema: z.ZodType, node: Branch | undefined, reading: FormReading): unknown {
  const { inner, blank } = unwrap(schema);
  const def = defOf(inner);
  if (!node && (reading.merge || (def.type !== 'boolean' && !(blank === 'empty' && ['object', 'record', 'array'].includes(def.type))))) return undefined;
  const here = node ?? branch();
  const last = here.values.at(-1);
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape!).map(([key, child]) => [key, read(child, here.children.get(key), reading)] as const);
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
    }
    case 'record':
      return Object.fromEntries(
        [...here.children].map(([key, child]) => [key, read(def.valueType!, child, reading)]).filter(([, value]) => value !== undefined && !(reading.merge && value === '')),
      );
    case 'array': {
      const values = here.values.filter((value) => value !== '');
      const rows = numberedRows(here).filter(([, row]) => !blankRow(row));
      const list = [...values.map((value) => read(def.element!, { values: [value], children: new Map() }, reading)), ...rows.map(([, row]) => read(def.element!, row, reading))];
      if (rows.length > 0) rowNames.set(list, [...values.map(() => undefined), ...rows.map(([key]) => key)]);
      return list;
    }
    case 'boolean':
      return last !== undefined && last !== 'false';
    case 'number':
      if (typeof last !== 'string') return last;
      return last.trim() === '' ? blankValue(blank) : Number(last);
    default:
      // Strings, enums, literals, dates as text: the schema reads the text itself.
      if (last !== '') return last;
      return reading.merge && blank === 'unset' ? '' : blankValue(blank);
  }
}

/** The submitted form as the input `schema` takes (unvalidated: parse it with the same schema). */
export function formInput(schema: z.ZodType, form: SubmittedForm, reading: FormReading = {}): unknown {
  return read(schema, treeOf(form), reading);
}

/**
 * The form field a path of the input names: its parts joined by dots, up to an array's element,
 * which is shown beside its array's field; an element read from a numbered row is named by its row
 * (`buyers.3.email`), given the input formInput read (`input`), as the form named it.
 */
export function formField(path: readonly PropertyKey[], input?: unknown): string {
  const names: string[] = [];
  let value = input;
  for (const part of path) {
    if (typeof part === 'number') {
      const row = Array.isArray(value) ? rowNames.get(value)?.[part] : undefined;
      if (row === undefined) break;
      names.push(row);
    } else names.push(String(part));
    value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[part] : undefined;
  }
  return names.join('.');
}

/**
 * The schema's messages by the form field they belong to (the first for each), named as formField
 * names them (give the input read, for numbered rows).
 */
export function formErrors(error: z.ZodError, input?: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[formField(issue.path, input)] ??= issue.message;
  return errors;
}

/** Reads and validates a form in one: the API's input, or its messages by field. */
export function parseForm<S extends z.ZodType>(schema: S, form: SubmittedForm): { data: z.output<S> } | { data?: undefined; errors: Record<string, string> } {
  const input = formInput(schema, form);
  const parsed = schema.safeParse(input);
  return parsed.success ? { data: parsed.data } : { errors: formErrors(parsed.error, input) };
}
