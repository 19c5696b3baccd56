/**
 * The signed-in customer's profile (with its edit and password forms), address book and order
 * history; a prompt to sign in otherwise.
 */
import { createSignal, For, onMount, Show } from 'solid-js';
import { errorMessage, optionSummary } from '../lib/client/display.ts';
import { addressFromForm } from '../lib/client/checkout-form.ts';
import { isSignedIn } from '../lib/client/session.ts';
import { addAddress, deleteAddress, loadAddresses, loadCustomer, loadOrders, signOut } from '../lib/client/shop-actions.ts';
import type { Customer, Order, SavedAddress } from '../lib/client/types.ts';
import type { Country } from '../lib/content/schemas.ts';
import { priceFormatter } from '../lib/format/price.ts';
import AddressFields from './AddressFields.tsx';
import PasswordForm from './PasswordForm.tsx';
import ProfileForm from './ProfileForm.tsx';

interface Props {
  locale: string;
  countries: Country[];
  defaultCountry: string;
}

export default function AccountView(props: Props) {
  const [signedIn, setSignedIn] = createSignal<boolean | null>(null);
  const [customer, setCustomer] = createSignal<Customer | null>(null);
  const [addresses, setAddresses] = createSignal<SavedAddress[]>([]);
  const [orders, setOrders] = createSignal<Order[] | null>(null);
  const [pending, setPending] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [country, setCountry] = createSignal(props.defaultCountry);

  const attempt = async (action: () => Promise<void>) => {
    setError(null);
    setPending(true);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  onMount(() => {
    setSignedIn(isSignedIn());
    if (!isSignedIn()) return;
    void attempt(async () => {
      const [me, book, history] = await Promise.all([loadCustomer(), loadAddresses(), loadOrders()]);
      setCustomer(me);
      setAddresses(book);
      setOrders(history);
    });
  });

  const saveAddress = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    void attempt(async () => {
      await addAddress({ ...addressFromForm(new FormData(form)), isDefaultShipping: addresses().length === 0 });
      setAddresses(await loadAddresses());
      form.reset();
      setCountry(props.defaultCountry);
    });
  };

  const logOut = () =>
    void attempt(async () => {
      await signOut();
      window.location.assign('/');
    });

  return (
    <div class="form-grid">
      <p class="status" role="alert">
        <Show when={error()}>{(message) => <span class="error">{message()}</span>}</Show>
      </p>
      <Show when={signedIn() === null}>
        <p class="muted">Loading your account…</p>
      </Show>
      <Show when={signedIn() === false}>
        <div class="panel">
          <p>You are not signed in.</p>
          <p>
            <a class="button" href="/login">Sign in</a> or <a href="/register">create an account</a>.
          </p>
        </div>
      </Show>
      <Show when={customer()}>
        {(me) => (
          <>
            <section class="panel" aria-labelledby="profile-heading">
              <h2 id="profile-heading">Profile</h2>
              <p data-testid="profile-name">
                {me().firstName} {me().lastName}
              </p>
              <p class="muted" data-testid="profile-email">
                {me().email}
              </p>
              <p>
                <button class="button button--secondary" type="button" onClick={logOut} disabled={pending()}>
                  Sign out
                </button>
              </p>
              <ProfileForm customer={me()} onSaved={setCustomer} />
              <PasswordForm email={me().email} />
            </section>

            <section class="panel" aria-labelledby="orders-heading">
              <h2 id="orders-heading">Orders</h2>
              <Show when={(orders()?.length ?? 0) > 0} fallback={<p class="muted">No orders yet.</p>}>
                <ul class="lines" role="list">
                  <For each={orders()}>
                    {(order) => (
                      <li class="line" data-testid="order">
                        <div>
                          <p>
                            <strong>Order {order.number}</strong> · {order.createdAt.slice(0, 10)} · {order.status}
                          </p>
                          <p class="muted">
                            <For each={order.lines}>
                              {(line) => (
                                <span>
                                  {line.qty} × {line.name} {optionSummary(line.options)}{' '}
                                </span>
                              )}
                            </For>
                          </p>
                        </div>
                        <strong>{priceFormatter(props.locale, order.currency)(order.grandTotal)}</strong>
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
            </section>

            <section class="panel" aria-labelledby="addresses-heading">
              <h2 id="addresses-heading">Addresses</h2>
              <Show when={addresses().length > 0} fallback={<p class="muted">No saved addresses.</p>}>
                <ul class="lines" role="list">
                  <For each={addresses()}>
                    {(address) => (
                      <li class="line">
                        <p>
                          {address.firstName} {address.lastName}, {address.street.join(', ')}, {address.postcode} {address.city},{' '}
                          {address.countryId}
                          {address.isDefaultShipping ? ' (default)' : ''}
                        </p>
                        <button
                          class="button button--secondary"
                          type="button"
                          disabled={pending()}
                          onClick={() =>
                            void attempt(async () => {
                              await deleteAddress(address.id);
                              setAddresses(await loadAddresses());
                            })
                          }
                        >
                          Delete<span class="visually-hidden"> address {address.street[0]}</span>
                        </button>
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
              <form class="form-grid" method="post" onSubmit={saveAddress}>
                <h3>Add an address</h3>
                <AddressFields idPrefix="ad" countries={props.countries} country={country()} onCountryChange={setCountry} />
                <button class="button" type="submit" disabled={pending()}>
                  {pending() ? 'Saving…' : 'Save address'}
                </button>
              </form>
            </section>
          </>
        )}
      </Show>
    </div>
  );
}
