/** The account's profile form: first and last name and email, as `PUT /customers/me` allows (a new email needs the current password). */
import { createFormAction } from '../lib/client/form-action.ts';
import { formText } from '../lib/client/form-data.ts';
import { updateProfile } from '../lib/client/shop-actions.ts';
import type { Customer } from '../lib/client/types.ts';
import FormStatus from './FormStatus.tsx';
import SubmitButton from './SubmitButton.tsx';
import TextField from './TextField.tsx';

interface Props {
  customer: Customer;
  onSaved: (customer: Customer) => void;
}

export default function ProfileForm(props: Props) {
  const form = createFormAction();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    void form.run(async () => {
      const currentPassword = formText(data, 'currentPassword');
      props.onSaved(
        await updateProfile({ firstName: formText(data, 'firstName'), lastName: formText(data, 'lastName'), email: formText(data, 'email'), ...(currentPassword ? { currentPassword } : {}) }),
      );
    }, 'Your profile is saved.');
  };

  return (
    <form class="form-grid" method="post" onSubmit={submit} aria-labelledby="profile-form-heading">
      <h3 id="profile-form-heading">Edit your profile</h3>
      <div class="form-grid form-grid--2">
        <TextField id="pf-first" name="firstName" label="First name" autocomplete="given-name" maxLength={100} value={props.customer.firstName} error={form.fieldError('firstName')} />
        <TextField id="pf-last" name="lastName" label="Last name" autocomplete="family-name" maxLength={100} value={props.customer.lastName} error={form.fieldError('lastName')} />
      </div>
      <TextField id="pf-email" name="email" label="Email" type="email" autocomplete="email" maxLength={254} value={props.customer.email} error={form.fieldError('email')} />
      <TextField
        id="pf-password"
        name="currentPassword"
        label="Your password (only to change the email)"
        type="password"
        autocomplete="current-password"
        maxLength={128}
        optional
        error={form.fieldError('currentPassword')}
      />
      <FormStatus form={form} />
      <SubmitButton pending={form.pending()} label="Save profile" pendingLabel="Saving…" />
    </form>
  );
}
