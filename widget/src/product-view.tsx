/**
 * A product in the lightbox: image, name, price, and for a configurable its options, with the
 * variant's price and image once every option has a value, a "choose …" state until then, and
 * values no in-stock variant offers disabled and labelled "sold out". Quantity and add to cart go
 * to the server cart with SKU, options and quantity only: the price is the server's; then the way to
 * the checkout is one button away. Types whose
 * choice needs the store's own page (bundles, gift cards, grouped, downloadable) link there.
 */
import { For, Show, createSignal } from 'solid-js';
import { Alert } from './alert.tsx';
import { emit } from './events.ts';
import { formatPrice } from './price.ts';
import { announce, openView } from './view.ts';
import { hiddenPriceMessage, type WidgetProduct } from './types.ts';
import { availableValues, chosenVariant, type Choice } from './variants.ts';
import { currency, type Widget } from './widget.ts';

const BUYABLE_HERE = ['simple', 'virtual', 'configurable'];

export function ProductView(props: { product: WidgetProduct; widget: Widget }) {
  const product = props.product;
  const flags = product.gateFlags;
  const [chosen, setChosen] = createSignal<Choice>({});
  const [qty, setQty] = createSignal(1);
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal('');
  const [added, setAdded] = createSignal(false);
  const options = product.type === 'configurable' ? product.configurableOptions : [];
  const variant = () => chosenVariant(product, chosen());
  const shown = () => variant() ?? product;
  const price = () => (flags?.hidePrice ? null : shown().finalPrice);
  const unchosen = () => options.find((option) => chosen()[option.attributeCode] === undefined);
  const soldOut = () => shown().stockStatus !== 'in_stock';
  const buyable = BUYABLE_HERE.includes(product.type) && flags?.canCheckout !== false && !flags?.hidePrice;
  const money = (amount: number) => formatPrice(amount, currency(props.widget));

  emit('view_item', [{ sku: product.sku, name: product.name, quantity: 1, price: price() }], currency(props.widget));

  const choose = (code: string, value: string) => {
    const next = { ...chosen() };
    if (value === '') delete next[code];
    else next[code] = Number(value);
    setChosen(next);
  };

  const add = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy() || unchosen() || soldOut()) return;
    setBusy(true);
    setError('');
    try {
      await props.widget.cart.add({ sku: product.sku, qty: qty(), ...(options.length ? { options: chosen() } : {}) });
      announce(`Added ${qty()} × ${product.name} to the cart.`);
      setAdded(true);
      emit('add_to_cart', [{ sku: shown().sku, name: product.name, quantity: qty(), price: price() }], currency(props.widget));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="product">
      <img src={shown().imageUrl} alt="" width="320" height="320" part="lightbox-image" />
      <div>
        <h2 id="shop-title">{product.name}</h2>
        <Show
          when={price() !== null}
          fallback={
            <p>
              {hiddenPriceMessage(product)}{' '}
              <a href={product.url} target="_top">View in store</a>
            </p>
          }
        >
          <p class="price" part="price">{money(price()!)}</p>
        </Show>
        <Show
          when={buyable}
          fallback={
            <Show when={!flags?.hidePrice && flags?.canCheckout !== false}>
              <p><a href={product.url} target="_top">Choose options in the store</a></p>
            </Show>
          }
        >
          <form on:submit={add} class="buy">
            <For each={options}>
              {(option) => {
                const available = () => availableValues(product, chosen(), option.attributeCode);
                return (
                  <label>
                    {option.label}
                    <select on:change={(event) => choose(option.attributeCode, event.currentTarget.value)}>
                      <option value="">Choose {option.label.toLowerCase()}</option>
                      <For each={option.values}>
                        {(value) => {
                          const out = () => !available().has(value.valueIndex);
                          return (
                            <option value={value.valueIndex} disabled={out()}>
                              {out() ? `${value.label} (sold out)` : value.label}
                            </option>
                          );
                        }}
                      </For>
                    </select>
                  </label>
                );
              }}
            </For>
            <label>
              Quantity
              <input type="number" min="1" max="9999" value={qty()} on:input={(event) => setQty(Math.max(1, event.currentTarget.valueAsNumber || 1))} />
            </label>
            <p class={soldOut() && !unchosen() ? 'note out' : 'note'} aria-live="polite">
              {unchosen() ? `Choose ${unchosen()!.label.toLowerCase()}.` : soldOut() ? 'Out of stock.' : 'In stock.'}
            </p>
            {/* Busy is aria-disabled, not disabled: a disabled button drops the keyboard's focus (the handler ignores a second press). */}
            <button type="submit" class="primary" disabled={!!unchosen() || soldOut()} aria-disabled={busy()}>
              {busy() ? 'Adding…' : 'Add to cart'}
            </button>
            <Show when={added()}>
              <button type="button" class="link" on:click={() => openView({ kind: 'checkout' })}>
                Go to checkout
              </button>
            </Show>
            <Alert text={error()} />
          </form>
        </Show>
      </div>
    </div>
  );
}
