/**
 * "Forgot your password?": one email field. The answer is the same for every address (the backend
 * never tells whether it has an account), so once sent the form makes way for that one message.
 */
import { createSignal, Show } from 'solid-js';
import { createFormAction } from '../lib/client/form-action.ts';
import { formText } from '../lib/client/form-data.ts';
import { useHydrated } from '../lib/client/hydrated.ts';
import { requestPasswordLink } from '../lib/client/shop-actions.ts';
import FormStatus from './FormStatus.tsx';
import SubmitButton from './SubmitButton.tsx';
import TextField from './TextField.tsx';

export default function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const form = createFormAction();
  const [sent, setSent] = createSignal(false);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget as HTMLFormElement), 'email');
    void form.run(async () => {
      await requestPasswordLink(email);
      setSent(true);
    });
  };

  return (
    <>
      {/* The live region is there from the start, so its message is announced when it appears. */}
      <div role="status">
        <Show when={sent()}>
          <div class="panel">
            <p class="success">If an account exists for this email, we have sent it a link to set a new password.</p>
            <p>
              The link works once, for 1 hour. Nothing arrived? Check the spam folder, or <a href="/account/forgot-password">ask again</a>.
            </p>
          </div>
        </Show>
      </div>
      <Show when={!sent()}>
        <form class="panel form-grid" method="post" onSubmit={submit} aria-label="Ask for a link to set a new password">
          <TextField id="fp-email" name="email" label="Email" type="email" autocomplete="email" maxLength={254} error={form.fieldError('email')} />
          <FormStatus form={form} />
          <SubmitButton pending={form.pending() || !hydrated()} label="Send me a link" pendingLabel="Sending…" />
        </form>
      </Show>
    </>
  );
}
