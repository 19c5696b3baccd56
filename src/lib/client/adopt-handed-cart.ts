/**
 * The checkout page's side of an agent's handoff (../cart-handoff.ts): a guest cart token in the
 * fragment becomes this browser's cart, and the fragment is dropped from the address bar so the
 * link is not bookmarked or shared further. A signed-in visitor's checkout is their account cart,
 * which a link can neither replace nor reveal, so the token is ignored for them.
 */
import { handedCartToken } from '../cart-handoff.ts';
import { isSignedIn, saveCartToken } from './session.ts';

export function adoptHandedCart(): void {
  const token = handedCartToken(window.location.hash);
  if (token === null) return;
  // It replaces a guest cart this browser had: following the link is asking for the agent's cart.
  if (!isSignedIn()) saveCartToken(token);
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
