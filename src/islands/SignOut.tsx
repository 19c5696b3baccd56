/** The /logout page: revokes the customer's token, forgets the local session, says so. */
import { createSignal, onMount, Show } from 'solid-js';
import { errorMessage } from '../lib/client/display.ts';
import { signOut } from '../lib/client/shop-actions.ts';

export default function SignOut() {
  const [state, setState] = createSignal<'pending' | 'done'>('pending');
  const [error, setError] = createSignal<string | null>(null);

  onMount(async () => {
    try {
      await signOut();
    } catch (failure) {
      // The local session is gone either way; the shopper should still know revocation failed.
      setError(`You are signed out on this device, but the shop could not confirm it: ${errorMessage(failure)}`);
    }
    setState('done');
  });

  return (
    <div class="panel" role="status">
      <Show when={state() === 'done'} fallback={<p>Signing you out…</p>}>
        <p>You are signed out.</p>
        <Show when={error()}>{(message) => <p class="error">{message()}</p>}</Show>
        <p>
          <a href="/">Continue shopping</a> · <a href="/login">Sign in again</a>
        </p>
      </Show>
    </div>
  );
}
