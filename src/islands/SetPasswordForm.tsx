/**
 * Sets a password from an emailed link (`/account/set-password?token=…`): after a reset request, or
 * for an account someone else created. On success the shopper is signed in and lands on the account;
 * a used or expired link says so and offers a new one.
 */
import { createSignal, Show } from 'solid-js';
import { ApiError } from '../lib/client/api-client.ts';
import { createFormAction } from '../lib/client/form-action.ts';
import { useHydrated } from '../lib/client/hydrated.ts';
import { setPasswordFromLink } from '../lib/client/shop-actions.ts';
import FormStatus from './FormStatus.tsx';
import SubmitButton from './SubmitButton.tsx';
import TextField from './TextField.tsx';

interface Props {
  token: string;
}

export default function SetPasswordForm(props: Props) {
  const hydrated = useHydrated();
  const form = createFormAction();
  const [linkDead, setLinkDead] = createSignal(false);
  const [mismatch, setMismatch] = createSignal<string | undefined>();
  const [setWithoutSignIn, setSetWithoutSignIn] = createSignal(false);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    // Passwords are taken as typed: spaces may be part of them.
    const password = String(data.get('newPassword') ?? '');
    const repeated = String(data.get('repeatPassword') ?? '');
    setMismatch(password === repeated ? undefined : 'The two passwords differ.');
    if (mismatch()) return;
    void form.run(async () => {
      try {
        const outcome = await setPasswordFromLink(props.token, password);
        if (outcome === 'signed-in') window.location.assign('/account');
        else setSetWithoutSignIn(true);
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'invalid_token') setLinkDead(true);
        throw failure;
      }
    });
  };

  return (
    <Show
      when={!setWithoutSignIn()}
      fallback={
        <div class="panel" role="status">
          <p class="success">Your password is set.</p>
          <p>
            <a href="/login">Sign in</a> with your email and the new password.
          </p>
        </div>
      }
    >
      <form class="panel form-grid" method="post" onSubmit={submit} aria-label="Set your password">
        <TextField
          id="sp-new"
          name="newPassword"
          label="New password"
          type="password"
          autocomplete="new-password"
          minLength={8}
          maxLength={128}
          hint="At least 8 characters, with letters and at least one digit or symbol."
          error={form.fieldError('newPassword')}
        />
        <TextField id="sp-repeat" name="repeatPassword" label="Repeat the new password" type="password" autocomplete="new-password" maxLength={128} error={mismatch()} />
        <FormStatus form={form} />
        <Show when={linkDead()}>
          <p>
            <a href="/account/forgot-password">Send me a new link</a>
          </p>
        </Show>
        <SubmitButton pending={form.pending() || !hydrated()} label="Set password" pendingLabel="Saving…" />
      </form>
    </Show>
  );
}
