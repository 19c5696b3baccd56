/**
 * "Ordered before without signing in?": asks the backend to email the account's address a link
 * that adds those orders to the account. Orders are never added on the email alone (anyone can
 * register with any address); the link in that mailbox is the proof.
 */
import { createSignal, Show } from 'solid-js';
import { createFormAction } from '../lib/client/form-action.ts';
import { requestOrderLink } from '../lib/client/shop-actions.ts';
import FormStatus from './FormStatus.tsx';
import SubmitButton from './SubmitButton.tsx';

export default function OrderLinkRequest() {
  const form = createFormAction();
  /** The backend's answer, naming the address the link went to. */
  const [sent, setSent] = createSignal<string | null>(null);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void form.run(async () => {
      setSent((await requestOrderLink()).message);
    });
  };
  return (
    <form class="form-grid" method="post" onSubmit={submit} aria-labelledby="link-orders-heading">
      <h3 id="link-orders-heading">Orders placed without signing in</h3>
      <p class="muted">We email you a link; opening it adds the orders placed with your email address to this account.</p>
      <p class="status" role="status">
        <Show when={sent()}>{(message) => <span class="success" data-testid="link-sent">{message()}</span>}</Show>
      </p>
      <FormStatus form={form} />
      <SubmitButton pending={form.pending()} label="Email me a link" pendingLabel="Sending…" />
    </form>
  );
}
