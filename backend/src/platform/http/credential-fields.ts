import { z } from '@hono/zod-openapi';

/**
 * Length caps of the sign-in fields (DECISIONS.md 56): an email or username holds at most 254
 * characters (the longest deliverable address) and a password at most 128 (the password policy's
 * maximum), so nobody can have a 10 MB "username" hashed, compared or stored in the throttle table.
 */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 128;

export const UsernameField = z.string().max(MAX_EMAIL_LENGTH, `At most ${MAX_EMAIL_LENGTH} characters.`);
export const EmailField = z.email('Enter an email address like name@example.com.').max(MAX_EMAIL_LENGTH, `At most ${MAX_EMAIL_LENGTH} characters.`);
/** A password being checked (not chosen): any non-empty text up to the cap. */
export const PasswordField = z.string().min(1, 'Required.').max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters.`);
