/**
 * The inline checkout in the lightbox (SPEC.md widget behaviour 4–6): the cart's lines (quantity
 * and remove), email, the address with the country pre-selected (widget.ts `checkoutCountry`) and
 * its regions, the shipping methods the store quotes for that country, payment (the test card, or
 * Stripe's Payment Element when the store's provider is `stripe`), then the order number. A
 * declined card shows by the payment fields and everything typed stays for the retry.
 */
import { For, Show, createEffect, createSignal, on, onMount, untrack } from 'solid-js';
import { countries, payWithTestCard, placeOrder, shippingMethods, type Country, type PaymentIntent, type PlacedOrder, type ShippingMethod } from './checkout.ts';
import { Alert } from './alert.tsx';
import { emit, type ShopEventItem } from './events.ts';
import { attachAutocomplete } from './maps.ts';
import { formatPrice } from './price.ts';
import { StoreError } from './store-api.ts';
import { mountStripe, type StripePayment } from './stripe.ts';
import { announce } from './view.ts';
import { checkoutCountry, config, currency, mapsKey, type Widget } from './widget.ts';

/** The address form's text fields: name, label, autocomplete token, maximum length, full width. */
const FIELDS: Array<[string, string, string, number, boolean?]> = [
  ['email', 'Email', 'email', 254, true],
  ['firstName', 'First name', 'given-name', 100],
  ['lastName', 'Last name', 'family-name', 100],
  ['street', 'Street address', 'street-address', 200, true],
  ['city', 'City', 'address-level2', 100],
  ['postcode', 'Postcode', 'postal-code', 20],
];

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '').trim();

export function CheckoutView(props: { widget: Widget; paymentSlot: HTMLElement }) {
  const store = props.widget.cart;
  const cart = store.cart;
  const [countryList, setCountryList] = createSignal<Country[]>([]);
  const [country, setCountry] = createSignal(checkoutCountry(props.widget));
  const [methods, setMethods] = createSignal<ShippingMethod[] | null>(null);
  const [method, setMethod] = createSignal('');
  const [error, setError] = createSignal('');
  const [paymentError, setPaymentError] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const [placed, setPlaced] = createSignal<PlacedOrder | null>(null);
  let idempotencyKey = crypto.randomUUID();
  let stripe: StripePayment | null = null;
  let form: HTMLFormElement | undefined;
  let street: HTMLInputElement | undefined;

  const money = (amount: number) => formatPrice(amount, cart()?.currency || currency(props.widget));
  const shipping = () => methods()?.find((candidate) => candidate.code === method())?.amount ?? 0;
  const total = () => (cart()?.subtotal ?? 0) + shipping();
  const regions = () => countryList().find((candidate) => candidate.id === country())?.regions ?? [];
  const provider = () => config(props.widget).paymentProvider;
  const items = (): ShopEventItem[] => (cart()?.items ?? []).map((line) => ({ sku: line.sku, name: line.name, quantity: line.qty, price: line.price }));
  const fail = (failure: unknown, show = setError) => show((failure as Error).message);

  onMount(async () => {
    try {
      const loaded = await store.load();
      // A checkout opened before any card loaded: one product request brings the config.
      if (!props.widget.products.config() && loaded.items[0]) await props.widget.products.product(loaded.items[0].sku);
      setCountry(checkoutCountry(props.widget));
      emit('begin_checkout', items(), currency(props.widget));
      setCountryList(await countries(props.widget.store));
      const key = mapsKey(props.widget);
      if (key && street) {
        await attachAutocomplete(key, street, (address) => {
          if (!form) return;
          for (const [name, value] of Object.entries(address)) {
            const input = form.elements.namedItem(name);
            if (value && (input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) input.value = value;
          }
          if (address.countryId) setCountry(address.countryId);
        });
      }
    } catch (failure) {
      fail(failure);
    }
  });

  createEffect(
    on(country, async (chosen) => {
      setMethods(null);
      try {
        const quoted = await shippingMethods(props.widget.store, chosen);
        // A slower answer for a country chosen earlier must not replace the current one's.
        if (chosen !== country()) return;
        setMethods(quoted);
        setMethod(quoted[0]?.code ?? '');
      } catch (failure) {
        fail(failure);
      }
    }),
  );

  let stripeStarted = false;
  createEffect(() => {
    const answer = config(props.widget);
    if (provider() !== 'stripe' || !answer.paymentPublishableKey || stripeStarted || !cart()) return;
    stripeStarted = true;
    mountStripe(answer.paymentPublishableKey, props.paymentSlot, untrack(total), cart()!.currency)
      .then((mounted) => (stripe = mounted))
      .catch((failure) => fail(failure, setPaymentError));
  });
  createEffect(() => stripe?.setAmount(total()));

  const change = (lineId: number, qty: number) => {
    setError('');
    (qty > 0 ? store.setQty(lineId, qty) : store.remove(lineId)).catch((failure) => fail(failure));
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!form || busy() || !method()) return;
    setBusy(true);
    setError('');
    setPaymentError('');
    const bought = items();
    try {
      await stripe?.validate();
      const region = field(form, 'region');
      const order = await placeOrder(props.widget.store, {
        email: field(form, 'email'),
        address: {
          firstName: field(form, 'firstName'),
          lastName: field(form, 'lastName'),
          street: [field(form, 'street')],
          city: field(form, 'city'),
          postcode: field(form, 'postcode'),
          countryId: country(),
          ...(region ? { region } : {}),
        },
        shippingMethod: method(),
        provider: provider(),
        idempotencyKey,
        pay: async (intent: PaymentIntent) => {
          try {
            await (stripe ? stripe.pay(intent.clientSecret) : payWithTestCard(props.widget.store, field(form!, 'cardNumber'))(intent));
          } catch (failure) {
            // Shown by the card fields; the address stays for the retry.
            setPaymentError((failure as Error).message);
            throw failure;
          }
        },
      });
      setPlaced(order);
      idempotencyKey = crypto.randomUUID();
      announce(`Order ${order.number} placed.`);
      emit('purchase', bought, order.currency, order.number);
      await store.ordered().catch(() => undefined);
    } catch (failure) {
      // Only a lost answer is retried with the same key; anything else was refused, so a new attempt gets a new key.
      if (!(failure instanceof StoreError && failure.code === 'network')) idempotencyKey = crypto.randomUUID();
      if (!paymentError()) fail(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Show
      when={!placed()}
      fallback={
        <div class="done">
          <h2 id="shop-title">Thank you!</h2>
          <p>
            Your order number is <strong>{placed()!.number}</strong>. A confirmation is on its way to your email.
          </p>
        </div>
      }
    >
      <h2 id="shop-title">Checkout</h2>
      <Show when={cart()} fallback={<p>Loading your cart…</p>}>
        <Show when={cart()!.items.length > 0} fallback={<p>Your cart is empty.</p>}>
          <ul class="lines">
            <For each={cart()!.items}>
              {(line) => (
                <li>
                  <span class="line-name">
                    {line.name}
                    <small>{Object.values(line.options).join(', ')}</small>
                  </span>
                  <input
                    type="number"
                    min="0"
                    max="9999"
                    value={line.qty}
                    aria-label={`Quantity of ${line.name}`}
                    on:change={(event) => change(line.id, event.currentTarget.valueAsNumber || 0)}
                  />
                  <span>{money(line.rowTotal)}</span>
                  <button type="button" class="link" on:click={() => change(line.id, 0)} aria-label={`Remove ${line.name}`}>
                    Remove
                  </button>
                </li>
              )}
            </For>
          </ul>
          <form ref={(element) => (form = element)} on:submit={submit} class="checkout">
            {FIELDS.map(([name, label, autocomplete, max, wide]) => (
                <label class={wide ? 'wide' : undefined}>
                  {label}
                  <input
                    ref={(input) => name === 'street' && (street = input)}
                    name={name}
                    type={name === 'email' ? 'email' : 'text'}
                    autocomplete={autocomplete}
                    maxlength={max}
                    required
                  />
                </label>
            ))}
            <label>
              Country
              <select name="countryId" autocomplete="country" value={country()} on:change={(event) => setCountry(event.currentTarget.value)}>
                <Show when={countryList().length === 0}>
                  <option value={country()}>{country()}</option>
                </Show>
                <For each={countryList()}>{(candidate) => <option value={candidate.id} selected={candidate.id === country()}>{candidate.name}</option>}</For>
              </select>
            </label>
            <Show when={regions().length > 0}>
              <label>
                State or region
                <select name="region" autocomplete="address-level1" required>
                  <option value="">Choose…</option>
                  <For each={regions()}>{(region) => <option value={region.name}>{region.name}</option>}</For>
                </select>
              </label>
            </Show>
            <fieldset class="wide">
              <legend>Shipping</legend>
              <Show when={methods()} fallback={<p>Finding shipping options…</p>}>
                <Show when={methods()!.length > 0} fallback={<p>We do not ship to this country.</p>}>
                  <For each={methods()}>
                    {(candidate) => (
                      <label class="choice">
                        <input type="radio" name="shippingMethod" value={candidate.code} checked={candidate.code === method()} on:change={() => setMethod(candidate.code)} />
                        {candidate.title} · {money(candidate.amount)}
                      </label>
                    )}
                  </For>
                </Show>
              </Show>
            </fieldset>
            <fieldset class="wide">
              <legend>Payment</legend>
              <Show when={provider() === 'stripe'} fallback={
                <label>
                  Card number
                  <input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required maxlength="23" aria-describedby="shop-card-hint" />
                  <small id="shop-card-hint">Test payments: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</small>
                </label>
              }>
                <slot name="payment" />
              </Show>
              <Alert text={paymentError()} />
            </fieldset>
            <p class="total wide">
              Total <strong>{money(total())}</strong>
            </p>
            <Alert text={error()} />
            {/* Busy is aria-disabled, not disabled: a disabled button drops the keyboard's focus (the handler ignores a second press). */}
            <button type="submit" class="primary wide" disabled={!method()} aria-disabled={busy()}>
              {busy() ? 'Placing your order…' : `Place order · ${money(total())}`}
            </button>
          </form>
        </Show>
      </Show>
    </Show>
  );
}
