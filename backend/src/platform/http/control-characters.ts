/**
 * DECISIONS.md 56: text never holds NUL or the other C0 control characters, except tab, newline and
 * carriage return. PostgreSQL refuses NUL in text (it surfaced as a 500), and the others are never
 * what a person typed: terminal escapes, truncation tricks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export function hasControlCharacter(text: string): boolean {
  return forbidden.test(text);
}

/** `text` with its control characters shown as U+FFFD, to name a field in an error without echoing them. */
export function printable(text: string): string {
  return text.replace(new RegExp(forbidden.source, 'g'), '\uFFFD');
}
