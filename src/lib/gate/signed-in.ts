/**
 * Whether a page request comes from a signed-in customer: the one question the login wall asks
 * about the visitor. The signed session cookie that answers it is the storefront-session work
 * (DECISIONS.md 31, `src/lib/session/`); until it is merged the storefront keeps the shopper's token
 * in the browser only, so no request can prove a sign-in and every page request is a guest's.
 */
export type SignedInReader = (request: Request) => Promise<boolean>;

export const readSignedIn: SignedInReader = () => Promise.resolve(false);
