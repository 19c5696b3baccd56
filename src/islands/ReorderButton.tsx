/**
 * "Order again" on an order page: adds each of the order's lines to the cart through the cart API,
 * one at a time (each answer is the cart, so the header count follows). A line that can no longer
 * be bought (deleted, out of stock, no longer visible to the customer) is named with the backend's
 * reason, never dropped silently; the others are still added.
 */
import { createSignal, For, Show } from 'solid-js';
import type { LineConfiguration } from '../../contracts/line-configuration.ts';
import { errorMessage } from '../lib/client/display.ts';
import { reorderItem } from '../lib/client/reorder.ts';
import { addToCart } from '../lib/client/shop-actions.ts';

interface Line {
  sku: string;
  name: string;
  qty: number;
  configuration: LineConfiguration | null;
}

interface Outcome {
  added: number;
  failed: { name: string; reason: string }[];
}

export default function ReorderButton(props: { lines: Line[] }) {
  const [pending, setPending] = createSignal(false);
  const [outcome, setOutcome] = createSignal<Outcome | null>(null);

  const orderAgain = async () => {
    setPending(true);
    setOutcome(null);
    const result: Outcome = { added: 0, failed: [] };
    for (const line of props.lines) {
      const item = reorderItem(line);
      if (!item) {
        result.failed.push({ name: line.name, reason: 'It cannot be added again from here; choose it on its product page.' });
        continue;
      }
      try {
        await addToCart(item);
        result.added += 1;
      } catch (failure) {
        result.failed.push({ name: line.name, reason: errorMessage(failure) });
      }
    }
    setOutcome(result);
    setPending(false);
  };

  return (
    <div class="form-grid">
      <p>
        <button class="button" type="button" onClick={() => void orderAgain()} disabled={pending()}>
          {pending() ? 'Adding…' : 'Order again'}
        </button>
      </p>
      <div role="status" data-testid="reorder-outcome">
        <Show when={outcome()}>
          {(done) => (
            <>
              <Show when={done().added > 0}>
                <p class="success">
                  Added {done().added} of {props.lines.length} {props.lines.length === 1 ? 'item' : 'items'} to your cart. <a href="/cart">View cart</a>
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
