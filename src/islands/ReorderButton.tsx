/**
 * "Order again" on an order page: one call (`POST /cart/reorder/{number}`) refills the cart from
 * the order, each line with what it was bought with, and answers each line's outcome. A line that
 * can no longer be bought (deleted, out of stock, no longer visible to the customer, a gift card) is
 * named with the backend's reason, never dropped silently; the others are added.
 */
import { createSignal, For, Show } from 'solid-js';
import { errorMessage } from '../lib/client/display.ts';
import { reorderSummary, type ReorderSummary } from '../lib/client/reorder.ts';
import { orderAgain } from '../lib/client/shop-actions.ts';

interface Props {
  orderNumber: string;
  /** The order's line names, in its order: the answer's outcomes come in the same order. */
  lineNames: string[];
}

export default function ReorderButton(props: Props) {
  const [pending, setPending] = createSignal(false);
  const [outcome, setOutcome] = createSignal<ReorderSummary | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const count = () => props.lineNames.length;

  const reorder = async () => {
    setPending(true);
    setOutcome(null);
    setError(null);
    try {
      setOutcome(reorderSummary(props.lineNames, (await orderAgain(props.orderNumber)).lines));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <div class="form-grid">
      <p>
        <button class="button" type="button" onClick={() => void reorder()} disabled={pending()}>
          {pending() ? 'Adding…' : 'Order again'}
        </button>
      </p>
      <div role="status" data-testid="reorder-outcome">
        <Show when={error()}>{(message) => <p class="error">{message()}</p>}</Show>
        <Show when={outcome()}>
          {(done) => (
            <>
              <Show when={done().added > 0}>
                <p class="success">
                  Added {done().added} of {count()} {count() === 1 ? 'item' : 'items'} to your cart. <a href="/cart">View cart</a>
                </p>
              </Show>
              <Show when={done().failed.length > 0}>
                <div class="error">
                  <p>{done().failed.length === 1 ? 'This item could not be added:' : 'These items could not be added:'}</p>
                  <ul>
                    <For each={done().failed}>
                      {(failure) => (
                        <li>
                          <strong>{failure.name}</strong>: {failure.reason}
                        </li>
                      )}
                    </For>
                  </ul>
                </div>
              </Show>
            </>
          )}
        </Show>
      </div>
    </div>
  );
}
