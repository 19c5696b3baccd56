/**
 * Optimistic locking for admin edits (DECISIONS.md 42): the `ETag` of a record is a digest of what
 * it holds (timestamps are whole seconds, too coarse to tell two quick saves apart), and a change
 * sent with a stale `If-Match` is refused (412) before anything is written.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../errors.ts';

export const versionTag = (subject: string, id: number, view: unknown): string =>
  `"${subject}-${id}-${createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 22)}"`;

/** Throws 412 `stale_version` unless `ifMatch` is absent, `*`, or names `current`. */
export function requireVersion(ifMatch: string | undefined, current: string, noun: string): void {
  if (ifMatch === undefined || ifMatch === '*' || ifMatch.split(',').map((tag) => tag.trim()).includes(current)) return;
  throw new AppError('precondition_failed', 'stale_version', `The ${noun} changed since you loaded it: reload it and make your change again.`, { etag: current });
}
