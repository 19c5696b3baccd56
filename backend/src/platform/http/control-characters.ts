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

/**
 * The dotted path of the first string (key or value) in `value` holding a control character, or
 * undefined. Walks with an explicit stack: the input is a parsed request body, never trusted to be shallow.
 */
export function controlCharacterPath(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return path || '(body)';
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${printable(key)}` : printable(key);
        if (hasControlCharacter(key)) return itemPath;
        stack.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}
