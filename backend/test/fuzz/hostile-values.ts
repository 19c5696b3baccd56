/**
 * The hostile values the fuzzer puts in every field. Each list mixes what once broke the backend
 * (NUL, deep nesting) with the classics: control characters, very long text, wrong types, huge and
 * negative numbers, prototype-pollution keys, injection-looking text and broken encodings.
 */

/** Text with control characters: every body field gets each of these (what once answered 500). */
export const controlCharacterValues: readonly string[] = ['\u0000', 'a\u0000b', '\u0001\u0002\u001b[31m\u001f\u007f'];

/** Other values for a JSON body field, whatever its documented type: each field gets a seeded few. */
export const hostileJsonValues: readonly unknown[] = [
  'x'.repeat(100_000),
  '',
  '   ',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '../../../etc/passwd',
  '\uD800',
  '😀'.repeat(500),
  '\r\nX-Injected: 1',
  '-1',
  '1e309',
  -1,
  0,
  1.5,
  -1e308,
  1e308,
  2 ** 53 + 2,
  true,
  null,
  [],
  [null, '\u0000'],
  {},
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
];

/** Values for a path or query parameter: `raw` ones go into the URL as written (broken escapes). */
export const hostileUrlValues: readonly { value: string; raw?: boolean }[] = [
  { value: '\u0000' },
  { value: 'a\u0000b' },
  { value: '\u0001\u001f\u007f' },
  { value: 'x'.repeat(6_000) },
  { value: '' },
  { value: ' ' },
  { value: '-1' },
  { value: '0' },
  { value: '1.5' },
  { value: '1e309' },
  { value: '99999999999999999999999' },
  { value: 'NaN' },
  { value: 'Infinity' },
  { value: 'true' },
  { value: '[]' },
  { value: '__proto__' },
  { value: '<script>alert(1)</script>' },
  { value: "' OR '1'='1" },
  { value: '../../etc/passwd' },
  { value: '😀' },
  { value: '%', raw: true },
  { value: '%zz', raw: true },
  { value: '%E0%A4%A', raw: true },
  { value: '%00', raw: true },
  { value: '%C0%80', raw: true },
  { value: '..%2F..%2Fetc%2Fpasswd', raw: true },
];

/** Values for a documented header (what an HTTP client lets through: no control characters). */
export const hostileHeaderValues: readonly string[] = ['x'.repeat(4_000), '-1', "' OR '1'='1", '../../etc/passwd', '__proto__', ''];

/** `[[[…]]]` nested `depth` levels: deeper than any parser's recursion should be asked to go. */
export const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
export const deepObject = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Whole JSON bodies that are hostile as a whole: each with the content type it is sent as. */
export const hostileJsonBodies: readonly { label: string; body: string; contentType?: string }[] = [
  { label: 'invalid JSON', body: '{"a":' },
  { label: 'not JSON at all', body: 'hello' },
  { label: 'empty body', body: '' },
  { label: 'JSON null', body: 'null' },
  { label: 'JSON array', body: '[1,2,3]' },
  { label: 'JSON string with NUL', body: '"\\u0000"' },
  { label: 'NUL in a key', body: '{"\\u0000":"x","a\\u0000":1}' },
  { label: 'raw NUL byte in the text', body: '{"name":"a\u0000b"}' },
  { label: 'prototype-pollution keys', body: '{"__proto__":{"isAdmin":true,"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
  { label: 'arrays nested 20,000 deep', body: deepArray(20_000) },
  { label: 'objects nested 20,000 deep', body: deepObject(20_000) },
  { label: 'arrays nested 65 deep', body: deepArray(65) },
  { label: 'a 2 MiB body', body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) },
  { label: 'JSON sent as text/plain', body: '{"a":1}', contentType: 'text/plain' },
  { label: 'XML', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', contentType: 'application/xml' },
  { label: 'a form', body: 'a=%00&b=%zz', contentType: 'application/x-www-form-urlencoded' },
  { label: 'multipart with a broken boundary', body: '--nope\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n', contentType: 'multipart/form-data; boundary=other' },
  { label: 'UTF-16 charset', body: '{"a":1}', contentType: 'application/json; charset=utf-16' },
];
