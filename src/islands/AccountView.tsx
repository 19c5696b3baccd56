/**
 * The signed-in customer's profile (with its edit and password forms), address book and order
 * history; a prompt to sign in otherwise.
 */
import { createSignal, For, onMount, Show } from 'solid-js';
import { errorMessage, orderStatusLabel } from '../lib/client/display.ts';
import { isSignedIn } from '../lib/client/session.ts';
import { loadCustomer, loadOrders, signOut } from '../lib/client/shop-actions.ts';
import type { Customer, Order } from '../lib/client/types.ts';
import type { Country } from '../lib/content/schemas.ts';
import { priceFormatter } from '../lib/format/price.ts';
import AddressBook from './AddressBook.tsx';
import OrderLinkRequest from './OrderLinkRequest.tsx';
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
  const [orders, setOrders] = createSignal<Order[] | null>(null);
  const [pending, setPending] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);

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
      const [me, history] = await Promise.all([loadCustomer(), loadOrders()]);
      setCustomer(me);
      setOrders(history);
    });
  });

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
                <ul class="order-list" role="list">
                  <For each={orders()}>
                    {(order) => (
                      <li class="order-card" data-testid="order">
                        <p>
                          <a href={`/account/orders/${encodeURIComponent(order.number)}`} aria-label={`Order ${order.number}, ${orderStatusLabel(order.status)}`}>
                            Order {order.number}
                          </a>
                        </p>
                        <p>
                          <strong>{priceFormatter(props.locale, order.currency)(order.grandTotal)}</strong>
                        </p>
                        <p class="muted">
                          {order.createdAt.slice(0, 10)} · <span data-testid="order-list-status">{orderStatusLabel(order.status)}</span>
                        </p>
                        <p class="muted order-card__summary">
                          {order.lines.map((line) => `${line.qty} × ${line.name}`).join(', ')}
                        </p>
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
              <p>
                Ordering by SKU? <a href="/quick-order">Quick order</a>: paste a list or upload a CSV file.
              </p>
              <OrderLinkRequest />
            </section>

            <AddressBook countries={props.countries} defaultCountry={props.defaultCountry} />
          </>
        )}
      </Show>
    </div>
  );
}
