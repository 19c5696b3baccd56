/** A form's outcome, announced: the error (role=alert) or the success message (role=status). */
import { Show } from 'solid-js';
import type { FormAction } from '../lib/client/form-action.ts';

export default function FormStatus(props: { form: FormAction }) {
  return (
    <>
      <p class="status" role="alert">
        <Show when={props.form.error()}>{(message) => <span class="error">{message()}</span>}</Show>
      </p>
      <p class="status" role="status">
        <Show when={props.form.success()}>{(message) => <span class="success">{message()}</span>}</Show>
      </p>
    </>
  );
}
