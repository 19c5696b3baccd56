/** The cart page: lines with quantity and remove, subtotal, and the way to checkout. */
import { createSignal, For, onMount, Show } from 'solid-js';
import { adoptHandedCart } from '../lib/client/adopt-handed-cart.ts';
import { changeQty, loadCart, removeItem } from '../lib/client/shop-actions.ts';
import type { Cart, CartLine } from '../lib/client/types.ts';
import { priceFormatter } from '../lib/format/price.ts';
import { errorMessage, optionSummary } from '../lib/client/display.ts';

interface Props {
  locale: string;
}

export default function CartView(props: Props) {
  const [cart, setCart] = createSignal<Cart | null>(null);
  const [busyLine, setBusyLine] = createSignal<number | null>(null);
  const [error, setError] = createSignal<string | null>(null);
  const format = () => priceFormatter(props.locale, cart()?.currency ?? 'USD');

  const run = async (lineId: number | null, action: () => Promise<Cart>) => {
    setBusyLine(lineId);
    setError(null);
    try {
      setCart(await action());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusyLine(null);
    }
  };

  // An agent's cart link (continue_url, cart-handoff.ts) lands here too: its lines are copied into
  // this browser's own cart before the cart is shown.
  onMount(
    () =>
      void run(null, async () => {
        const notCopied = await adoptHandedCart();
        const current = await loadCart();
        if (notCopied.length > 0) setError(`Some items could not be added to your cart: ${notCopied.join('; ')}`);
        return current;
      }),
  );

  const updateQty = (line: CartLine, value: string) => {
    const qty = Math.floor(Number(value));
    if (!Number.isFinite(qty) || qty < 1 || qty === line.qty) return;
    void run(line.id, () => changeQty(line.id, qty));
  };

  return (
    <div class="cart" aria-busy={cart() === null && !error()}>
      <Show when={error()}>{(message) => <p class="error" role="alert">{message()}</p>}</Show>
      <Show when={cart()} fallback={<Show when={!error()}><p class="muted">Loading your cart…</p></Show>}>
        {(current) => (
          <Show
            when={current().items.length > 0}
            fallback={
              <div class="panel">
                <p>Your cart is empty.</p>
                <p><a href="/">Continue shopping</a></p>
              </div>
            }
          >
            <ul class="lines panel" role="list" aria-label="Items in your cart">
              <For each={current().items}>
                {(line) => (
                  <li class="line" data-sku={line.sku}>
                    <a class="line-thumb" href={`/${line.urlKey}`} tabindex="-1" aria-hidden="true">
                      <img src={line.imageUrl} alt="" width="64" height="64" loading="lazy" decoding="async" />
                    </a>
                    <div class="line-info">
                      <p>
                        <a href={`/${line.urlKey}`}>
                          <strong>{line.name}</strong>
                        </a>
                      </p>
                      <p class="muted">
                        {optionSummary(line.options)} {format()(line.price)} each · SKU {line.sku}
                      </p>
                    </div>
                    <div class="line-controls">
                      <label class="visually-hidden" for={`qty-${line.id}`}>
                        Quantity of {line.name}
                      </label>
                      <input
                        class="input input--qty"
                        id={`qty-${line.id}`}
                        type="number"
                        min="1"
                        max={Math.max(line.available, line.qty)}
                        value={line.qty}
                        inputmode="numeric"
                        disabled={busyLine() !== null}
                        onChange={(event) => updateQty(line, event.currentTarget.value)}
                      />
                      <button
                        class="button button--secondary"
                        type="button"
                        disabled={busyLine() !== null}
                        onClick={() => void run(line.id, () => removeItem(line.id))}
                      >
                        {busyLine() === line.id ? 'Updating…' : 'Remove'}
                        <span class="visually-hidden"> {line.name}</span>
                      </button>
                      <span class="row-total">{format()(line.rowTotal)}</span>
                    </div>
                  </li>
                )}
              </For>
            </ul>
            <div class="panel">
              <dl class="totals">
                <div>
                  <dt>Items</dt>
                  <dd data-testid="cart-qty">{current().itemsQty}</dd>
                </div>
                <div>
                  <dt>Subtotal</dt>
                  <dd data-testid="cart-subtotal">{format()(current().subtotal)}</dd>
                </div>
              </dl>
              <p class="muted">Shipping is calculated at checkout.</p>
              <a class="button button--block" href="/checkout">
                Go to checkout
              </a>
            </div>
          </Show>
        )}
      </Show>
    </div>
  );
}
