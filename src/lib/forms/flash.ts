/**
 * The outcome of a form posted without JavaScript, carried across the 303 back to its page
 * (DECISIONS.md 36, post-redirect-get): a sealed, HttpOnly cookie that lives a minute on that page's
 * path, read once by the page's next render and cleared by it. No server session: the browser holds
 * the outcome, the signature keeps it ours. A page answered with a flash is never cached.
 */
import { z } from 'zod';
import { readCookie } from '../http/cookies.ts';
import { sealer } from '../http/sealed-value.ts';

export const FORM_FLASH_COOKIE = 'shop_form_flash';
const LIFETIME_SECONDS = 60;
/** Browsers keep about 4 KB per cookie; what the visitor typed is dropped beyond this (they retype). */
const MAX_COOKIE_LENGTH = 3800;

const flashSchema = z.object({
  code: z.string(),
  ok: z.boolean(),
  message: z.string(),
  /** Message per field key. */
  errors: z.record(z.string(), z.string()),
  /** What the visitor typed, refilled when the form failed. */
  values: z.record(z.string(), z.string()),
});
export type FormFlash = z.infer<typeof flashSchema>;

const flashes = sealer('storefront-form-flash', flashSchema);

function cookieAttributes(path: string, secure: boolean, maxAge: number): string {
  return [`Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

/** The Set-Cookie value carrying `flash` to the page at `path`. */
export async function formFlashCookie(secret: string, flash: FormFlash, path: string, secure: boolean): Promise<string> {
  let sealed = await flashes.seal(secret, flash);
  if (sealed.length > MAX_COOKIE_LENGTH) sealed = await flashes.seal(secret, { ...flash, values: {} });
  return `${FORM_FLASH_COOKIE}=${sealed}; ${cookieAttributes(path, secure, LIFETIME_SECONDS)}`;
}

/** The Set-Cookie value that removes the flash once its page has shown it. */
export function clearedFormFlashCookie(path: string, secure: boolean): string {
  return `${FORM_FLASH_COOKIE}=; ${cookieAttributes(path, secure, 0)}`;
}

/** The flash a request brings, or null (none, altered, or no secret to check it with). */
export async function readFormFlash(request: Request, secret: string | undefined): Promise<FormFlash | null> {
  const value = readCookie(request.headers.get('Cookie'), FORM_FLASH_COOKIE);
  if (!value || !secret) return null;
  return flashes.open(secret, value);
}
