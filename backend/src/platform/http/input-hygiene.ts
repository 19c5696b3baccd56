/**
 * DECISIONS.md 56, in the one place every request passes (app.ts mounts this before any route):
 * no text of the URL path, query, JSON body or form holds a control character (400 naming the
 * field), no JSON text holds an unpaired surrogate (PostgreSQL's json refuses one: it surfaced as a
 * 500), no key of a query, JSON body or form is named `__proto__` (prototype-keys.ts), a JSON body
 * is refused over 1 MiB (413) or nested deeper than 64 levels (400) before it is parsed, and a form
 * is refused over the largest one a route takes (an image upload).
 *
 * A guard here rather than a refinement on each zod string: the admin's HTML forms and some module
 * routes read bodies without a zod schema, and a field added tomorrow is covered without anyone
 * remembering a special type. It reads the body itself because Hono's validator turns any error of
 * a body read into "Malformed JSON", which would hide the field; it then hands the routes a fresh
 * request over the same bytes, so a route's own smaller limit (custom forms' 64 KB) still applies.
 */
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import { MAX_UPLOAD_BYTES } from '../../domains/media/upload.ts';
import { hasControlCharacter, printable } from './control-characters.ts';
import { nestsDeeperThan } from './json-depth.ts';
import { refusedTextPath } from './json-text-path.ts';
import { mayHoldPrototypeKey, namesPrototype, PROTOTYPE_KEY } from './prototype-keys.ts';
import { refusedText } from './validation.ts';

export const MAX_JSON_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 64;
/** An image upload and its other fields: no form a route accepts is larger. */
const MAX_FORM_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;
const formMediaTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
/** A control character written as a percent escape (%00-%08, %0B, %0C, %0E-%1F): the URL parser escapes raw ones. */
const escapedControlCharacter = /%(0[0-8bce]|1[0-9a-f])/i;

export const inputHygiene = createMiddleware(async function inputHygiene(c, next) {
  const url = new URL(c.req.url);
  if (escapedControlCharacter.test(url.pathname)) throw refusedText('path', 'path');
  for (const [name, value] of url.searchParams) {
    if (hasControlCharacter(name) || hasControlCharacter(value)) throw refusedText('query', printable(name));
    if (namesPrototype(name)) throw refusedText('query', name, NO_PROTOTYPE_KEY);
  }
  const request = c.req.raw;
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isJson = jsonMediaType.test(mediaType);
  if (request.body && (isJson || formMediaTypes.has(mediaType))) {
    const bytes = isJson ? await readAtMost(request, MAX_JSON_BYTES, 'JSON bodies are limited to 1 MiB.') : await readAtMost(request, MAX_FORM_BYTES, `Forms are limited to ${MAX_FORM_BYTES / 1024 / 1024} MiB.`);
    if (isJson) checkJson(new TextDecoder().decode(bytes));
    else await checkForm(bytes, request.headers.get('content-type')!);
    c.req.raw = new Request(request, { body: bytes });
  }
  await next();
});

/** The body's bytes, refused with 413 past `max`: by its Content-Length at once, else counted while read. */
async function readAtMost(request: Request, max: number, message: string): Promise<Uint8Array> {
  const tooLarge = () => new AppError('too_large', 'payload_too_large', message);
  if (Number(request.headers.get('content-length')) > max) throw tooLarge();
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * How a control character can stand in valid JSON text: only escaped (`\u0000`…, `\b`, `\f`), since
 * JSON forbids them raw inside strings and outside them. A body without such an escape is clean, so
 * most requests are not parsed twice; one with it (or a literal backslash before "u0000") is parsed
 * to name the field.
 */
const escapedControlInJson = /\\(u00(0[0-8bcef]|1[0-9a-f])|[bf])/i;
/** Likewise an unpaired surrogate stands in JSON text only escaped (`\ud800`): raw bytes that are no UTF-8 decode to U+FFFD. */
const escapedSurrogateInJson = /\\ud[89a-f]/i;
/** A lone surrogate, as a code unit: with the `u` flag a pair is one code point and does not match. */
const unpairedSurrogate = /\p{Cs}/u;
const NO_PROTOTYPE_KEY = 'No key may be named __proto__.';

/** The rules a JSON body is held to: each parses the body only when the text could break it. */
const jsonRules: Array<{ mayApply: (text: string) => boolean; refuses: (text: string, isKey: boolean) => boolean; message?: string }> = [
  { mayApply: (text) => escapedControlInJson.test(text), refuses: hasControlCharacter },
  { mayApply: (text) => escapedSurrogateInJson.test(text), refuses: (text) => unpairedSurrogate.test(text), message: 'Must be valid Unicode text (it holds an unpaired surrogate).' },
  { mayApply: mayHoldPrototypeKey, refuses: (text, isKey) => isKey && text === PROTOTYPE_KEY, message: NO_PROTOTYPE_KEY },
];

function checkJson(text: string): void {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new AppError('invalid', 'invalid_request', `JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused.`);
  const rules = jsonRules.filter((rule) => rule.mayApply(text));
  if (rules.length === 0) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Malformed JSON: whatever reads it (Hono's validator) answers 400 as it always has.
    return;
  }
  for (const rule of rules) {
    const path = refusedTextPath(value, rule.refuses);
    if (path !== undefined) throw refusedText('json', path, rule.message);
  }
}

async function checkForm(bytes: Uint8Array, contentType: string): Promise<void> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('invalid', 'invalid_request', 'Malformed form body.');
  }
  for (const [name, value] of form) {
    // Files are bytes, checked by what reads them (images are decoded, CSV parsed).
    if (hasControlCharacter(name) || (typeof value === 'string' && hasControlCharacter(value))) throw refusedText('form', printable(name));
    if (namesPrototype(name)) throw refusedText('form', name, NO_PROTOTYPE_KEY);
  }
}
