/**
 * Splits a proxied sub-path into decoded segments, refusing anything that could step outside the
 * proxied folder once decoded: `.`/`..` segments (also when encoded as %2e), encoded slashes or
 * backslashes, empty segments and control characters. Null means "refuse".
 */
export function safePathSegments(rawPath: string): string[] | null {
  const segments = rawPath.split('/');
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (value === '' || value === '.' || value === '..') return null;
    if (/[/\\\u0000-\u001f]/.test(value)) return null;
    decoded.push(value);
  }
  return decoded;
}
