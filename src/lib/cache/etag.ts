/** Entity tags of cached pages and `If-None-Match` (RFC 9110 §13.1.2, weak comparison). */
import { hexOf } from '../hex.ts';

/** A strong tag from the body bytes: equal bodies, equal tags, whatever the version tag. */
export async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  return `"${hexOf(new Uint8Array(digest, 0, 16))}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether the request's If-None-Match names this tag (or is `*`). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}
