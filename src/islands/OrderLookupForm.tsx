/**
 * "Find your order" for shoppers who ordered without an account: order number, email and the
 * billing or shipping postcode. The backend answers the same "not found" for any mismatch, so the
 * form cannot tell which part was wrong either.
 */
import { createSignal, Show } from 'solid-js';
import { createFormAction } from '../lib/client/form-action.ts';
import { formText } from '../lib/client/form-data.ts';
import { useHydrated } from '../lib/client/hydrated.ts';
import { lookUpOrder } from '../lib/client/shop-actions.ts';
import type { CustomerOrder } from '../lib/client/types.ts';
import FormStatus from './FormStatus.tsx';
import OrderDetails from './OrderDetails.tsx';
import SubmitButton from './SubmitButton.tsx';
import TextField from './TextField.tsx';

export default function OrderLookupForm(props: { locale: string }) {
  const hydrated = useHydrated();
  const form = createFormAction();
  const [order, setOrder] = createSignal<CustomerOrder | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    setOrder(null);
    void form.run(async () => {
      setOrder(await lookUpOrder({ number: formText(data, 'number'), email: formText(data, 'email'), postcode: formText(data, 'postcode') }));
    });
  };

  return (
    <>
      <form class="panel form-grid" method="post" onSubmit={submit} aria-label="Find an order">
        <TextField id="ol-number" name="number" label="Order number" autocomplete="off" maxLength={20} hint="As in your confirmation email, e.g. 100000042." error={form.fieldError('number')} />
        <TextField id="ol-email" name="email" label="Email" type="email" autocomplete="email" maxLength={254} error={form.fieldError('email')} />
        <TextField id="ol-postcode" name="postcode" label="Billing or shipping postcode" autocomplete="postal-code" maxLength={20} error={form.fieldError('postcode')} />
        <FormStatus form={form} />
        <SubmitButton pending={form.pending() || !hydrated()} label="Find my order" pendingLabel="Looking…" />
      </form>
      <div role="status">
        <Show when={order()}>{(found) => <OrderDetails order={found()} locale={props.locale} />}</Show>
      </div>
    </>
  );
}
