/**
 * The page of the emailed "add your earlier orders" link: signed in to the account that asked for
 * it, one click spends the token and says which orders joined the account. Signed out, it asks the
 * shopper to sign in first (the token works only for the account that asked for it) and brings them
 * back here, token and all, through the login page's `returnTo`.
 */
import { createSignal, onMount, Show } from 'solid-js';
import { createFormAction } from '../lib/client/form-action.ts';
import { useHydrated } from '../lib/client/hydrated.ts';
import { isSignedIn } from '../lib/client/session.ts';
import { linkOrders } from '../lib/client/shop-actions.ts';
import FormStatus from './FormStatus.tsx';
import SubmitButton from './SubmitButton.tsx';

export default function LinkOrders(props: { token: string }) {
  const hydrated = useHydrated();
  const form = createFormAction();
  const [signedIn, setSignedIn] = createSignal<boolean | null>(null);
  const [linked, setLinked] = createSignal<string[] | null>(null);
  const [signInHref, setSignInHref] = createSignal('/login');
  onMount(() => {
    setSignedIn(isSignedIn());
    setSignInHref(`/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void form.run(async () => {
      setLinked(await linkOrders(props.token));
    });
  };

  return (
    <>
      <Show when={signedIn() === false}>
        <div class="panel">
          <p>Sign in to the account that asked for this link; you come back here to add your orders.</p>
          <p>
            <a class="button" href={signInHref()}>Sign in</a>
          </p>
        </div>
      </Show>
      <div role="status">
        <Show when={linked()}>
          {(numbers) => (
            <div class="panel">
              <p class="success" data-testid="linked-orders">
                {numbers().length === 0
                  ? 'Your email is confirmed. There were no orders placed without an account to add.'
                  : `Added to your account: ${numbers().length === 1 ? 'order' : 'orders'} ${numbers().join(', ')}.`}
              </p>
              <p>
                <a href="/account">Go to your account</a>
              </p>
            </div>
          )}
        </Show>
      </div>
      <Show when={signedIn() && linked() === null}>
        <form class="panel form-grid" method="post" onSubmit={submit} aria-label="Add my earlier orders">
          <p>Add the orders placed with your email address without signing in to your account.</p>
          <FormStatus form={form} />
          <SubmitButton pending={form.pending() || !hydrated()} label="Add my orders" pendingLabel="Adding…" />
        </form>
      </Show>
    </>
  );
}
