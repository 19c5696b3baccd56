/**
 * The signed value of the storefront's session cookie (DECISIONS.md 31): what a page needs to render
 * a signed-in customer's view without asking anyone: their access token (the "token reference" the
 * backend reads their prices and visibility from), their customer group (the only part of a session
 * that may split a shared cache) and the first name the header greets them with.
 *
 * Sealed under SESSION_SECRET (http/sealed-value.ts). The cookie is HttpOnly, so no script can read
 * the token; the signature means a shopper cannot change their group.
 */
import { z } from 'zod';
import { viewKeySchema } from '../../../contracts/customer.ts';
import { sealer } from '../http/sealed-value.ts';

/** Shortest secret accepted: below this a session could be forged by guessing (fail closed). */
export const MIN_SESSION_SECRET_LENGTH = 32;

const sessionSchema = z.object({
  /** The customer's access token (a JWT of the backend). */
  token: z.string().min(1).max(4096),
  /** Customer group id as the backend last confirmed it. */
  groupId: z.number().int().min(0),
  /**
   * The country of the customer's default shipping address, `none` without one (DECISIONS.md 48):
   * confirmed with the group. Part of the group's cache key only while a rule names countries.
   * Optional: a cookie sealed before it existed gets it at its next re-check, which it forces.
   */
  country: z
    .string()
    .regex(/^([A-Z]{2}|none)$/)
    .optional(),
  /**
   * The shared view a module prices this customer by (B2B Pricing's `pl-{hash of the ordered list
   * codes}`, DECISIONS.md 60), null: their group's prices; confirmed with the group. Optional: a
   * cookie sealed before it existed is re-checked at once (session-step.ts `recheckDue`).
   */
  viewKey: viewKeySchema.nullable().optional(),
  /** For the header ("Signed in as …"); never part of any cache key. */
  firstName: z.string().max(200),
  /** Epoch ms: the access token's expiry; the session ends with it. */
  expiresAt: z.number().int(),
  /** Epoch ms: when the backend last confirmed the group (see session-step.ts). */
  checkedAt: z.number().int(),
});

export type Session = z.infer<typeof sessionSchema>;

const sessions = sealer('storefront-session', sessionSchema);

function usableSecret(secret: string | undefined): secret is string {
  return secret !== undefined && secret.length >= MIN_SESSION_SECRET_LENGTH;
}

/** The cookie value of a session; throws without a usable secret (callers check first). */
export async function sealSession(secret: string | undefined, session: Session): Promise<string> {
  if (!usableSecret(secret)) throw new Error(`SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters`);
  return sessions.seal(secret, session);
}

/**
 * The session a cookie value carries, or null when it is not one of ours, was altered, has expired,
 * or there is no usable secret (then nobody is signed in as far as pages know: fail closed).
 */
export async function openSession(secret: string | undefined, value: string, now: number = Date.now()): Promise<Session | null> {
  if (!usableSecret(secret)) return null;
  const session = await sessions.open(secret, value);
  return session !== null && session.expiresAt > now ? session : null;
}
