/**
 * Login and registration forms; on success the shopper lands on `returnTo` (the page a login wall
 * or a gated product sent them from, already checked to be a path of this site), else their account.
 */
import { createSignal, Show } from 'solid-js';
import { useHydrated } from '../lib/client/hydrated.ts';
import { errorMessage } from '../lib/client/display.ts';
import { formText } from '../lib/client/form-data.ts';
import { register, signIn } from '../lib/client/shop-actions.ts';

interface Props {
  mode: 'login' | 'register';
  returnTo?: string;
}

export default function SignInForm(props: Props) {
  const hydrated = useHydrated();
  const [pending, setPending] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [awaitingApproval, setAwaitingApproval] = createSignal(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (pending()) return;
    const data = new FormData(event.currentTarget as HTMLFormElement);
    setError(null);
    setPending(true);
    try {
      const email = formText(data, 'email');
      const password = String(data.get('password') ?? '');
      if (props.mode === 'register') {
        const outcome = await register({ email, password, firstName: formText(data, 'firstName'), lastName: formText(data, 'lastName') });
        if (outcome === 'pending') {
          setAwaitingApproval(true);
          return;
        }
      } else {
        await signIn(email, password);
      }
      window.location.assign(props.returnTo ?? '/account');
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  };

  return (
    <Show
      when={!awaitingApproval()}
      fallback={
        <p class="panel" role="status" data-awaiting-approval>
          Thank you for registering. Your account is awaiting approval: we will email you as soon as it is approved, and then you can sign in.
        </p>
      }
    >
      <form class="panel form-grid" method="post" onSubmit={submit} aria-describedby="sign-in-error">
        <Show when={props.mode === 'register'}>
          <div class="form-grid form-grid--2">
            <div class="field">
              <label for="reg-first">First name</label>
              <input class="input" id="reg-first" name="firstName" autocomplete="given-name" required />
            </div>
            <div class="field">
              <label for="reg-last">Last name</label>
              <input class="input" id="reg-last" name="lastName" autocomplete="family-name" required />
            </div>
          </div>
        </Show>
        <div class="field">
          <label for="auth-email">Email</label>
          <input class="input" id="auth-email" name="email" type="email" autocomplete="email" required />
        </div>
        <div class="field">
          <label for="auth-password">Password</label>
          <input
            class="input"
            id="auth-password"
            name="password"
            type="password"
            autocomplete={props.mode === 'register' ? 'new-password' : 'current-password'}
            minLength={props.mode === 'register' ? 8 : 1}
            required
          />
        </div>
        <p id="sign-in-error" class="status" role="alert">
          <Show when={error()}>{(message) => <span class="error">{message()}</span>}</Show>
        </p>
        <button class="button button--block" type="submit" disabled={!hydrated() || pending()}>
          {pending() ? 'Please wait…' : props.mode === 'register' ? 'Create account' : 'Sign in'}
        </button>
      </form>
    </Show>
  );
}
