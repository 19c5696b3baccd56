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
    if (value.includes('/') || value.includes('\\') || hasControlCharacter(value)) return null;
    decoded.push(value);
  }
  return decoded;
}

/** Whether text contains a C0 control character or DEL (never valid in a path or key). */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A path on `origin` to send a visitor back to (a form's `return_to`, its Referer), or null when
 * the candidate points anywhere else: another origin, a scheme-relative `//host`, a backslash trick,
 * control characters. Never an off-site Location.
 */
export function sameOriginPath(candidate: string | null | undefined, origin: string): string | null {
  if (!candidate || hasControlCharacter(candidate) || candidate.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}` : null;
}
