/**
 * The one reader of the B2B Access annotation (SPEC.md "B2B product annotation", DECISIONS.md 30):
 * `extensions.b2bAccess` on a product record, a listing card or a priced child. Templates, views and
 * routes ask these functions, never the wire shape, so a change of the block touches one file.
 * Without the block (module not installed, or a record from before it) nothing is gated.
 */
import type { B2bAccess, GateFlags } from '../content/schemas.ts';

/** A record that may carry the B2B Access annotation (products, cards, product children). */
export interface Annotated {
  extensions?: { b2bAccess?: B2bAccess } | undefined;
}

/** What the storefront reads of a record's gate: the flags are optional, as SPEC.md types them. */
export interface ProductGate {
  gateFlags?: GateFlags;
  hiddenPriceMessage: string | null;
  redirectTo: string | null;
}

export const DEFAULT_HIDDEN_PRICE_MESSAGE = 'Sign in to see prices';

export function productGate(record: Annotated): ProductGate {
  const access = record.extensions?.b2bAccess;
  if (!access) return { hiddenPriceMessage: null, redirectTo: null };
  return { gateFlags: access.gateFlags, hiddenPriceMessage: access.hiddenPriceMessage.trim() || null, redirectTo: access.redirectTo };
}

/** The block itself, for copying it onto a derived record (a listing card). */
export function annotationOf(record: Annotated): B2bAccess | undefined {
  return record.extensions?.b2bAccess;
}

/** Whether the caller may not see any price of the record (`gateFlags.hidePrice`). */
export function priceHidden(record: Annotated): boolean {
  return productGate(record).gateFlags?.hidePrice === true;
}

/** Whether the caller may buy the product online (`gateFlags.canCheckout`; buyable without the gate). */
export function canCheckout(record: Annotated): boolean {
  return productGate(record).gateFlags?.canCheckout !== false;
}

/** Whether a guest is sent to sign in instead of seeing the page (`gateFlags.requiresLogin`). */
export function requiresLogin(record: Annotated): boolean {
  return productGate(record).gateFlags?.requiresLogin === true;
}

/** Text shown instead of a withheld price, or the default. */
export function hiddenPriceMessage(record: Annotated): string {
  return productGate(record).hiddenPriceMessage ?? DEFAULT_HIDDEN_PRICE_MESSAGE;
}

/**
 * The storefront path a gated product page is sent to (a rule's CMS page), or null. Only a
 * root-relative path of this site counts: the annotation never sends a shopper off-site.
 */
export function gateRedirectPath(record: Annotated): string | null {
  const target = productGate(record).redirectTo;
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}
