/**
 * The account's password change. The backend checks the current password and signs out every
 * other device; this one signs in again with the new password (see `changePassword`).
 */
import { createFormAction } from '../lib/client/form-action.ts';
import { changePassword } from '../lib/client/shop-actions.ts';
import FormStatus from './FormStatus.tsx';
import SubmitButton from './SubmitButton.tsx';
import TextField from './TextField.tsx';

interface Props {
  email: string;
}

export default function PasswordForm(props: Props) {
  const form = createFormAction();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const data = new FormData(element);
    // Passwords are taken as typed: spaces may be part of them.
    const current = String(data.get('currentPassword') ?? '');
    const next = String(data.get('newPassword') ?? '');
    void form.run(async () => {
      await changePassword(props.email, current, next);
      element.reset();
    }, 'Your password is changed. Other devices are signed out; this one stays signed in.');
  };

  return (
    <form class="form-grid" method="post" onSubmit={submit} aria-labelledby="password-heading">
      <h3 id="password-heading">Change your password</h3>
      <TextField id="pw-current" name="currentPassword" label="Current password" type="password" autocomplete="current-password" error={form.fieldError('currentPassword')} />
      <TextField id="pw-new" name="newPassword" label="New password" type="password" autocomplete="new-password" minLength={8}
        maxLength={128}
        hint="At least 8 characters, with letters and at least one digit or symbol."
        error={form.fieldError('newPassword')}
      />
      <FormStatus form={form} />
      <SubmitButton pending={form.pending()} label="Change password" pendingLabel="Changing…" />
    </form>
  );
}
