/**
 * A product in the lightbox: image, name, price, and for a configurable its options, with the
 * variant's price and image once every option has a value, a "choose …" state until then, and
 * values no in-stock variant offers disabled and labelled "sold out". Grouped products, bundles,
 * downloads and gift cards get their forms from a chunk loaded on first use (composite-choices.tsx),
 * and the price follows their choice. Quantity and add to cart go to the server cart with the SKU
 * and the choice only: the price is the server's; then the way to the checkout is one button away.
 * A hidden price shows the store's message and no form: B2B Access never lets such a product be
 * bought blind (DECISIONS.md 61), nor one whose purchase it blocks.
 */
import { For, Show, createSignal } from 'solid-js';
import { Alert } from './alert.tsx';
import type { CompositeChoice } from './composite.ts';
import { emit } from './events.ts';
import { CompositeChoices, isComposite as needsForm } from './composite-chunk.tsx';
import { formatPrice } from './price.ts';
import { announce, openView } from './view.ts';
import { hiddenPriceMessage, type WidgetProduct } from './types.ts';
import { availableValues, chosenVariant, type Choice } from './variants.ts';
import { currency, type Widget } from './widget.ts';

export function ProductView(props: { product: WidgetProduct; widget: Widget }) {
  const product = props.product;
  const flags = product.gateFlags;
  const [chosen, setChosen] = createSignal<Choice>({});
  const [qty, setQty] = createSignal(1);
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal('');
  const [added, setAdded] = createSignal(false);
  const [composite, setComposite] = createSignal<CompositeChoice | null>(null);
  const options = product.type === 'configurable' ? product.configurableOptions : [];
  const isComposite = needsForm(product);
  const variant = () => chosenVariant(product, chosen());
  const shown = () => variant() ?? product;
  const withheld = !!flags?.hidePrice || product.finalPrice === null;
  const buyable = flags?.canCheckout !== false && !withheld;
  // A composite's price is its choice's (none while the choice is incomplete); where it cannot be
  // bought here, the price its card shows.
  const price = () => (withheld ? null : isComposite && buyable ? (composite()?.price ?? null) : shown().finalPrice);
  /** What is still to choose, said as an instruction. */
  const missing = () => {
    if (isComposite) return composite() ? composite()!.missing : 'Loading the choices…';
    const option = options.find((candidate) => chosen()[candidate.attributeCode] === undefined);
    return option ? `Choose ${option.label.toLowerCase()}.` : null;
  };
  const soldOut = () => shown().stockStatus !== 'in_stock';
  // A grouped product's quantities are its members'; the store's page has no quantity of sets.
  const hasQty = product.type !== 'grouped';
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
    if (busy() || missing() || soldOut()) return;
    setBusy(true);
    setError('');
    try {
      await props.widget.cart.add({ sku: product.sku, qty: qty(), ...(options.length ? { options: chosen() } : {}), ...composite()?.addition });
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
          when={!withheld}
          fallback={
            <p>
              {hiddenPriceMessage(product)}{' '}
              <a href={product.url} target="_top">View in store</a>
            </p>
          }
        >
          <p class="price" part="price" aria-live="polite">{price() === null ? '' : money(price()!)}</p>
        </Show>
        <Show when={buyable}>
          <form on:submit={add} class="buy">
            <Show when={isComposite}>
              <CompositeChoices product={product} money={(amount) => (amount === null || withheld ? null : money(amount))} onChange={setComposite} />
            </Show>
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
            <Show when={hasQty}>
              <label>
                Quantity
                <input type="number" min="1" max="9999" value={qty()} on:input={(event) => setQty(Math.max(1, event.currentTarget.valueAsNumber || 1))} />
              </label>
            </Show>
            <p class={soldOut() && !missing() ? 'note out' : 'note'} aria-live="polite">
              {missing() ?? (soldOut() ? 'Out of stock.' : 'In stock.')}
            </p>
            {/* Busy is aria-disabled, not disabled: a disabled button drops the keyboard's focus (the handler ignores a second press). */}
            <button type="submit" class="primary" disabled={!!missing() || soldOut()} aria-disabled={busy()}>
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
