/**
 * Checkout's payment choice: the backend's payment methods, and for the `test` provider the card
 * number field (DECISIONS.md 22). The card number is read from the form at submit and never kept
 * in the checkout draft.
 */
import { For, Show } from 'solid-js';
import type { PaymentMethod } from '../lib/client/types.ts';

interface Props {
  methods: PaymentMethod[];
  chosen: string;
  onChoose: (code: string) => void;
}

export default function PaymentSection(props: Props) {
  return (
    <section class="panel" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      <fieldset class="choice-list">
        <legend class="visually-hidden">Payment method</legend>
        <For each={props.methods}>
          {(method) => (
            <label class="choice">
              <input type="radio" name="paymentMethod" value={method.code} checked={method.code === props.chosen} onChange={() => props.onChoose(method.code)} />
              <span>{method.title}</span>
            </label>
          )}
        </For>
      </fieldset>
      <Show when={props.chosen === 'test'}>
        <div class="field">
          <label for="co-card">Card number</label>
          <input class="input" id="co-card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required aria-describedby="co-card-hint" />
          <p class="muted" id="co-card-hint">
            Test payments: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
          </p>
        </div>
      </Show>
    </section>
  );
}
