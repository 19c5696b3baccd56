/**
 * Checkout's payment choice: the backend's payment methods, for the `test` provider the card number
 * field (DECISIONS.md 22), and for a method on account (a purchase order) the PO number field. Both
 * are read from the form at submit; the card number is never kept in the checkout draft.
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
      <Show when={props.methods.find((method) => method.code === props.chosen)?.kind === 'on_account'}>
        <div class="field">
          <label for="co-po">Purchase order number</label>
          <input class="input" id="co-po" name="poNumber" required maxlength="64" autocomplete="off" aria-describedby="co-po-hint" />
          <p class="muted" id="co-po-hint">
            Your order is invoiced to your company on its payment terms.
          </p>
        </div>
      </Show>
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
