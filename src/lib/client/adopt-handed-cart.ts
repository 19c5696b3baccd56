/**
 * The checkout page's side of an agent's handoff (../cart-handoff.ts). The link's cart is never
 * taken over: whoever sent the link holds its token and could read it through the cart API, and a
 * link to one's own cart could be sent to someone else (cart fixation). So its lines are copied into
 * a fresh guest cart whose token only this browser learns, and that becomes this browser's cart.
 * The fragment is then dropped from the address bar so the link is not bookmarked or shared further.
 * A signed-in visitor's checkout is their account cart, which a link can neither replace nor
 * reveal, so the token is ignored for them.
 */
import { handedCartToken } from '../cart-handoff.ts';
import { api } from './api-client.ts';
import { errorMessage } from './display.ts';
import { addItemFor } from './handed-line.ts';
import { isSignedIn, saveCartToken } from './session.ts';
import { addToCart } from './shop-actions.ts';
import type { Cart } from './types.ts';

/** Copies the linked cart, if any; answers what could not be copied, to show the person. */
export async function adoptHandedCart(): Promise<string[]> {
  const token = handedCartToken(window.location.hash);
  if (token === null) return [];
  const failed: string[] = [];
  if (!isSignedIn()) {
    const handed = await api<Cart>('/cart', { guestCart: token });
    if (handed.items.length > 0) {
      // It replaces a guest cart this browser had: following the link is asking for the agent's
      // lines. Without a token, the first add starts a new cart and its token is kept.
      saveCartToken(null);
      for (const line of handed.items) {
        try {
          await addToCart(addItemFor(line));
        } catch (failure) {
          failed.push(`${line.name}: ${errorMessage(failure)}`);
        }
      }
    }
  }
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return failed;
}
