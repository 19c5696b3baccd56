/**
 * Fuzz cases generated from the backend's own OpenAPI document: for every operation, a plausible
 * request (path parameters, documented body) and, one at a time, a hostile value in each path
 * parameter, query parameter, header and body field, then hostile bodies as a whole. Each case is
 * sent as every caller (no token, a customer, the admin).
 */
import { controlCharacterValues, hostileHeaderValues, hostileJsonBodies, hostileJsonValues, hostileUrlValues } from './hostile-values.ts';
import type { Random } from './prng.ts';

export type Caller = 'none' | 'customer' | 'admin';
export const callers: readonly Caller[] = ['none', 'customer', 'admin'];

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** What one case sends (the caller's token is added when it is sent). */
export interface FuzzRequest {
  /** "POST /api/rest/v2/cart/items", the documented operation. */
  operation: string;
  /** What is hostile in it, to read in a failure report. */
  label: string;
  method: string;
  /** Path and query, ready to append to the base URL. */
  url: string;
  headers: Record<string, string>;
  /**
   * The 5xx statuses the operation documents for a state of the shop rather than of the input (the
   * outbox's 503 with no SMTP transport, the connector's 502 with no storefront): deliberate answers.
   */
  documented5xx: number[];
  body?: { kind: 'text'; text: string; contentType?: string } | { kind: 'form'; fields: Record<string, string>; multipart: boolean; file?: string };
}
export interface FuzzCase extends FuzzRequest {
  caller: Caller;
  /** The sample's case of its operation and caller (order.ts): sent even once the time budget is spent. */
  covers?: true;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Body positions mutated per operation: enough for every field of the largest documented body. */
const MAX_BODY_POSITIONS = 80;
/** Hostile values per body field or query parameter besides NUL and control characters, drawn by the seed (all of them would be 60,000 cases). */
const VALUES_PER_FIELD = 5;

/** Every case, as every caller; `random` draws which hostile values each body field gets. */
export function fuzzCases(document: OpenApiDocument, random: Random): FuzzCase[] {
  const requests: FuzzRequest[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (operation) requests.push(...operationRequests(document, template, method.toUpperCase(), operation, random));
    }
  }
  return callers.flatMap((caller) => requests.map((request) => ({ ...request, caller })));
}

function operationRequests(document: OpenApiDocument, template: string, method: string, operation: Operation, random: Random): FuzzRequest[] {
  const resolve = (schema: Schema | undefined): Schema => resolveRef(document, schema);
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const headerParams = parameters.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'authorization');
  const baselinePath = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(String(sampleValue(document, resolve(p.schema), 0)))]));
  const pathWith = (values: Record<string, string>) => template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
  const name = `${method} ${template}`;
  const documented5xx = Object.keys(operation.responses ?? {}).map(Number).filter((status) => status >= 500);
  const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const baselineBody = media ? sampleValue(document, resolve(media.schema), 0) : undefined;
  const bodyOf = (value: unknown): FuzzRequest['body'] => {
    if (!contentType) return undefined;
    if (contentType.includes('json')) return { kind: 'text', text: JSON.stringify(value), contentType };
    if (contentType === 'application/x-www-form-urlencoded' || contentType === 'multipart/form-data') {
      const fields = Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      return { kind: 'form', fields, multipart: contentType === 'multipart/form-data', file: 'not an image \u0000' };
    }
    return { kind: 'text', text: typeof value === 'string' ? value : 'sku,name\n"\u0000",x', contentType };
  };
  const request = (label: string, { path = baselinePath, query = '', headers = {}, body = bodyOf(baselineBody) }: { path?: Record<string, string>; query?: string; headers?: Record<string, string>; body?: FuzzRequest['body'] } = {}): FuzzRequest => ({
    operation: name,
    label,
    method,
    url: pathWith(path) + (query ? `?${query}` : ''),
    headers,
    documented5xx,
    body,
  });

  const out: FuzzRequest[] = [request('a plausible request')];
  for (const param of pathParams) {
    for (const { value, raw } of hostileUrlValues) {
      if (value === '') continue; // An empty segment is another route.
      out.push(request(`path ${param.name} = ${describe(value)}`, { path: { ...baselinePath, [param.name]: raw ? value : encodeURIComponent(value) } }));
    }
  }
  for (const param of queryParams) {
    const holdsNul = (v: { value: string }) => v.value.includes('\u0000') || v.value.includes('%00');
    const [always, others] = [hostileUrlValues.filter(holdsNul), hostileUrlValues.filter((v) => !holdsNul(v))];
    for (const { value, raw } of [...always, ...random.shuffle(others).slice(0, VALUES_PER_FIELD)]) {
      out.push(request(`query ${param.name} = ${describe(value)}`, { query: `${encodeURIComponent(param.name)}=${raw ? value : encodeURIComponent(value)}` }));
    }
    out.push(request(`query ${param.name} repeated`, { query: `${param.name}=1&${param.name}=2&${param.name}[]=3` }));
  }
  out.push(request('query __proto__ keys', { query: '__proto__[polluted]=1&constructor[prototype][polluted]=1' }));
  for (const param of headerParams) {
    for (const value of hostileHeaderValues) out.push(request(`header ${param.name} = ${describe(value)}`, { headers: { [param.name]: value } }));
  }
  if (contentType && baselineBody !== undefined) {
    for (const position of bodyPositions(baselineBody).slice(0, MAX_BODY_POSITIONS)) {
      for (const value of [...controlCharacterValues, ...random.shuffle(hostileJsonValues).slice(0, VALUES_PER_FIELD)]) {
        out.push(request(`body ${position.join('.') || '(root)'} = ${describe(value)}`, { body: bodyOf(replaceAt(baselineBody, position, value)) }));
      }
    }
  }
  // Every write takes hostile bodies as a whole, documented body or not: a route may read one anyway.
  if (method !== 'GET') {
    for (const hostile of hostileJsonBodies) {
      out.push(request(`body: ${hostile.label}`, { body: { kind: 'text', text: hostile.body, contentType: hostile.contentType ?? 'application/json' } }));
    }
  }
  return out;
}

function resolveRef(document: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = current.$ref.split('/').pop()!;
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** A value the schema accepts (or close to it), so a hostile field is checked past the others. */
function sampleValue(document: OpenApiDocument, input: Schema, depth: number): unknown {
  const schema = resolveRef(document, input);
  if (depth > 6) return null;
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  const alternatives = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Schema[] | undefined;
  if (alternatives?.length) return sampleValue(document, alternatives.find((s) => s.type !== 'null') ?? alternatives[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleValue(document, (schema.items as Schema) ?? {}, depth + 1)];
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, sampleValue(document, value, depth + 1)]));
    }
    case 'string':
      return sampleString(schema);
    default:
      return schema.properties ? sampleValue(document, { ...schema, type: 'object' }, depth) : 'fuzz';
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'email':
      return 'fuzz@example.com';
    // A URL that answers nothing, quickly: a saved connector never reaches anywhere real.
    case 'uri':
      return 'http://127.0.0.1:9/';
    case 'date-time':
      return '2026-01-01T00:00:00Z';
    case 'date':
      return '2026-01-01';
    default:
      return typeof schema.minLength === 'number' && schema.minLength > 4 ? 'f'.repeat(schema.minLength) : 'fuzz';
  }
}

type Position = (string | number)[];

/** Every field of a body (leaves, and the objects and arrays holding them), root included. */
function bodyPositions(value: unknown, at: Position = []): Position[] {
  const inner =
    Array.isArray(value) ? value.flatMap((item, index) => bodyPositions(item, [...at, index]))
    : value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([key, item]) => bodyPositions(item, [...at, key]))
    : [];
  return [at, ...inner];
}

function replaceAt(value: unknown, position: Position, replacement: unknown): unknown {
  if (position.length === 0) return replacement;
  const [head, ...rest] = position;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
}
