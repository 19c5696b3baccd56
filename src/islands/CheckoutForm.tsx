/**
 * Checkout: contact email, shipping address (countries and regions from the synced
 * `{store}:countries`), shipping method for the destination, payment method (the `test`
 * provider takes a card number), then place the order with one Idempotency-Key per attempt.
 * What the shopper types is kept for the session until the order is placed (`checkout-draft.ts`);
 * a signed-in customer starts from their account (`checkout-prefill.ts`) and may pick another saved
 * address or save this one.
 */
import { createEffect, createSignal, For, on, onMount, Show } from 'solid-js';
import { ApiError } from '../lib/client/api-client.ts';
import { useHydrated } from '../lib/client/hydrated.ts';
import { errorMessage } from '../lib/client/display.ts';
import { adoptHandedCart } from '../lib/client/adopt-handed-cart.ts';
import { isSignedIn } from '../lib/client/session.ts';
import {
  loadAddresses,
  loadCart,
  loadCustomer,
  loadPaymentMethods,
  loadShippingMethods,
  newIdempotencyKey,
  placeOrder,
} from '../lib/client/shop-actions.ts';
import type { Address, Cart, PaymentMethod, SavedAddress, ShippingMethod } from '../lib/client/types.ts';
import { priceFormatter } from '../lib/format/price.ts';
import type { Country } from '../lib/content/schemas.ts';
import { addressFromForm, successHref } from '../lib/client/checkout-form.ts';
import { clearDraft, draftFromForm, loadDraft, saveDraft, type CheckoutDraft } from '../lib/client/checkout-draft.ts';
import { checkoutStart, type Account } from '../lib/client/checkout-prefill.ts';
import AddressFields from './AddressFields.tsx';
import BillingAddressSection from './BillingAddressSection.tsx';
import PaymentSection from './PaymentSection.tsx';
import SavedAddressPicker from './SavedAddressPicker.tsx';
import ShippingMethodSection from './ShippingMethodSection.tsx';

interface Props {
  locale: string;
  storeCode: string;
  countries: Country[];
  defaultCountry: string;
}

export default function CheckoutForm(props: Props) {
  const hydrated = useHydrated();
  const [cart, setCart] = createSignal<Cart | null>(null);
  const [email, setEmail] = createSignal('');
  /** The values the address fields start from (the draft, a saved address, the customer's name). */
  const [initial, setInitial] = createSignal<Address | null>(null);
  const [book, setBook] = createSignal<SavedAddress[]>([]);
  const [chosenId, setChosenId] = createSignal<number | null>(null);
  const [saveAddress, setSaveAddress] = createSignal(true);
  const [billingSame, setBillingSame] = createSignal(true);
  const [billingInitial, setBillingInitial] = createSignal<Address | null>(null);
  const [country, setCountry] = createSignal(props.defaultCountry);
  const [shipping, setShipping] = createSignal<ShippingMethod[]>([]);
  const [shippingCode, setShippingCode] = createSignal('');
  const [payments, setPayments] = createSignal<PaymentMethod[]>([]);
  const [paymentCode, setPaymentCode] = createSignal('');
  const [pending, setPending] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  /** The cart, the payment methods and a signed-in shopper's account have been applied to the form. */
  const [loaded, setLoaded] = createSignal(false);
  let attemptKey = newIdempotencyKey();
  // Browser state (the session's draft, the sign-in) is read once mounted: the server renders a blank form.
  let draft: CheckoutDraft | null = null;
  const [signedIn, setSignedIn] = createSignal(false);
  const countryIds = props.countries.map((entry) => entry.id);

  const format = () => priceFormatter(props.locale, cart()?.currency ?? 'USD');
  const shippingAmount = () => shipping().find((method) => method.code === shippingCode())?.amount ?? 0;

  const start = (account: Account | null) => {
    const { email: startEmail, address, chosenId: startId, billingSame: same, billing } = checkoutStart(draft, account, countryIds);
    setEmail(startEmail);
    setInitial(address);
    setChosenId(startId);
    setBillingSame(same);
    setBillingInitial(billing);
    if (address && countryIds.includes(address.countryId)) setCountry(address.countryId);
  };

  /** Keeps what the form holds now; runs on every input and change inside it (a picked saved address too). */
  const remember = (event: Event) => saveDraft(props.storeCode, draftFromForm(new FormData(event.currentTarget as HTMLFormElement)));

  const pick = (address: SavedAddress) => {
    setInitial(address);
    setChosenId(address.id);
    setCountry(address.countryId);
  };

  onMount(async () => {
    draft = loadDraft(props.storeCode);
    setSignedIn(isSignedIn());
    if (draft) setSaveAddress(draft.saveAddress);
    start(null);
    try {
      const notCopied = await adoptHandedCart();
      if (notCopied.length > 0) setError(`Some items could not be added to your cart: ${notCopied.join('; ')}`);
      const [current, methods] = await Promise.all([loadCart(), loadPaymentMethods()]);
      setCart(current);
      setPayments(methods);
      setPaymentCode((methods.find((method) => method.isDefault) ?? methods[0])?.code ?? '');
      if (signedIn()) {
        const [customer, addresses] = await Promise.all([loadCustomer(), loadAddresses()]);
        setBook(addresses.filter((address) => countryIds.includes(address.countryId)));
        // The shopper may have typed while the account loaded: what they typed (saved as they went) wins.
        draft = loadDraft(props.storeCode);
        start({ customer, addresses });
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      // An order placed before the account arrived could go to an address about to be replaced.
      setLoaded(true);
    }
  });

  createEffect(
    on(country, async (destination) => {
      setShipping([]);
      setShippingCode('');
      try {
        const methods = await loadShippingMethods(destination);
        setShipping(methods);
        // The method chosen before a reload, while it is still offered for this destination.
        const kept = methods.find((method) => method.code === draft?.fields.shippingMethod);
        setShippingCode((kept ?? methods[0])?.code ?? '');
      } catch (failure) {
        setError(errorMessage(failure));
      }
    }),
  );

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (pending()) return;
    setError(null);
    setPending(true);
    const data = new FormData(event.currentTarget as HTMLFormElement);
    try {
      const order = await placeOrder({
        email: email(),
        address: addressFromForm(data),
        billingAddress: billingSame() ? null : addressFromForm(data, 'billing.'),
        shippingMethod: shippingCode(),
        paymentMethod: payments().find((method) => method.code === paymentCode())!,
        cardNumber: String(data.get('cardNumber') ?? ''),
        poNumber: String(data.get('poNumber') ?? ''),
        idempotencyKey: attemptKey,
        saveAddresses: signedIn() && saveAddress(),
      });
      clearDraft(props.storeCode);
      window.location.assign(successHref(order.successReference));
    } catch (failure) {
      // A definite answer ends this attempt; after a lost one, retrying with the same key is safe.
      if (failure instanceof ApiError && failure.status !== 0) attemptKey = newIdempotencyKey();
      setError(errorMessage(failure));
      setPending(false);
    }
  };

  return (
    <div class="checkout">
      <Show when={cart() === null && !error()}>
        <p class="muted">Loading your cart…</p>
      </Show>
      <Show when={cart()?.items.length === 0}>
        <div class="panel">
          <p>Your cart is empty.</p>
          <p><a href="/">Continue shopping</a></p>
        </div>
      </Show>
      <Show when={(cart()?.items.length ?? 0) > 0}>
        <form class="form-grid" method="post" data-loaded={loaded() ? '' : undefined} onSubmit={submit} onInput={remember} onChange={remember} aria-describedby="checkout-error">
          <section class="panel" aria-labelledby="contact-heading">
            <h2 id="contact-heading">Contact</h2>
            <div class="field">
              <label for="co-email">Email</label>
              <input class="input" id="co-email" name="email" type="email" autocomplete="email" required value={email()} onInput={(e) => setEmail(e.currentTarget.value)} />
            </div>
          </section>

          <section class="panel" aria-labelledby="address-heading">
            <h2 id="address-heading">Shipping address</h2>
            <Show when={book().length > 0}>
              <SavedAddressPicker addresses={book()} chosenId={chosenId()} onPick={pick} />
            </Show>
            <AddressFields idPrefix="co" countries={props.countries} country={country()} onCountryChange={setCountry} initial={initial()} />
            <Show when={signedIn()}>
              <label class="choice">
                <input type="checkbox" name="saveAddress" checked={saveAddress()} onChange={(e) => setSaveAddress(e.currentTarget.checked)} />
                <span>Save the addresses to my account</span>
              </label>
            </Show>
          </section>

          <BillingAddressSection
            countries={props.countries}
            defaultCountry={props.defaultCountry}
            same={billingSame()}
            onSameChange={setBillingSame}
            initial={billingInitial()}
          />

          <ShippingMethodSection methods={shipping()} chosen={shippingCode()} onChoose={setShippingCode} format={format()} />

          <PaymentSection methods={payments()} chosen={paymentCode()} onChoose={setPaymentCode} />

          <section class="panel" aria-labelledby="summary-heading">
            <h2 id="summary-heading">Order summary</h2>
            {/* The lines themselves: a person handed a cart by an agent sees what they are paying for. */}
            <ul class="summary-lines" aria-label="Items">
              <For each={cart()?.items ?? []}>
                {(line) => (
                  <li>
                    <span>
                      {line.name} × {line.qty}
                    </span>
                    <span>{format()(line.rowTotal)}</span>
                  </li>
                )}
              </For>
            </ul>
            <dl class="totals">
              <div>
                <dt>Subtotal ({cart()?.itemsQty} items)</dt>
                <dd>{format()(cart()?.subtotal ?? 0)}</dd>
              </div>
              <div>
                <dt>Shipping</dt>
                <dd>{format()(shippingAmount())}</dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd data-testid="checkout-total">{format()((cart()?.subtotal ?? 0) + shippingAmount())}</dd>
              </div>
            </dl>
            <p id="checkout-error" class="status" role="alert">
              <Show when={error()}>{(message) => <span class="error">{message()}</span>}</Show>
            </p>
            <button class="button button--block" type="submit" disabled={!hydrated() || !loaded() || pending() || !shippingCode() || !paymentCode()}>
              {pending() ? 'Placing your order…' : 'Place order'}
            </button>
          </section>
        </form>
      </Show>
      <Show when={cart() === null && error()}>
        {(message) => <p class="error" role="alert">{message()}</p>}
      </Show>
    </div>
  );
}
