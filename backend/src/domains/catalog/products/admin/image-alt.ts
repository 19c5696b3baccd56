/**
 * An image's alternative text as the admin's forms post it: trimmed, and refused past 255
 * characters (the column's and the API's limit) rather than cut, which a post made outside the
 * browser could otherwise reach (the inputs' maxlength stops a person typing more).
 */
import { AppError } from '../../../../platform/errors.ts';

const MAX_ALT = 255;
const tooLong = `Alternative text: at most ${MAX_ALT} characters.`;

/** Why the typed text cannot be saved, or undefined. */
export function altProblem(typed: string): string | undefined {
  return typed.trim().length > MAX_ALT ? tooLong : undefined;
}

/** The text to save; a 400 naming the form field when it is too long. */
export function typedAlt(typed: string, field: string): string {
  if (altProblem(typed)) throw new AppError('invalid', 'invalid_request', tooLong, [{ location: 'form', field, message: tooLong }]);
  return typed.trim();
}
