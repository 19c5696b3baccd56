/** Checkout's shipping methods for the destination country, priced in the cart's currency. */
import { For, Show } from 'solid-js';
import type { ShippingMethod } from '../lib/client/types.ts';

interface Props {
  methods: ShippingMethod[];
  chosen: string;
  onChoose: (code: string) => void;
  format: (amount: number) => string;
}

export default function ShippingMethodSection(props: Props) {
  return (
    <section class="panel" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">Shipping method</h2>
      <fieldset class="choice-list">
        <legend class="visually-hidden">Shipping method</legend>
        <Show when={props.methods.length > 0} fallback={<p class="muted">Loading shipping methods…</p>}>
          <For each={props.methods}>
            {(method) => (
              <label class="choice">
                <input type="radio" name="shippingMethod" value={method.code} checked={method.code === props.chosen} onChange={() => props.onChoose(method.code)} />
                <span>{method.title}</span>
                <strong>{props.format(method.amount)}</strong>
              </label>
            )}
          </For>
        </Show>
      </fieldset>
    </section>
  );
}
