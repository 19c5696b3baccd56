import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.ts';

/** Constant-time equality of the submitted token and the expected one; a mismatch is a 403. */
export function checkCsrf(submitted: unknown, expected: string | undefined): void {
  const a = Buffer.from(typeof submitted === 'string' ? submitted : '');
  const b = Buffer.from(expected ?? '');
  if (b.length === 0 || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AppError('forbidden', 'csrf_failed', 'The form expired or did not come from this admin. Reload the page and try again.');
  }
}
