/**
 * A labelled input with its error message underneath, tied to it for assistive technology
 * (aria-invalid, aria-describedby), for the account's forms.
 */
import { Show } from 'solid-js';

interface Props {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  minLength?: number;
  maxLength?: number;
  /** Guidance shown under the input, e.g. the password rules. */
  hint?: string;
  /** Not required to submit (e.g. the profile's password, needed only for a new email). */
  optional?: boolean;
  /** The backend's message for this field, if the last submit was refused for it. */
  error?: string | undefined;
}

export default function TextField(props: Props) {
  const errorId = () => `${props.id}-error`;
  const hintId = () => `${props.id}-hint`;
  const describedBy = () => [props.hint ? hintId() : '', props.error ? errorId() : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        class="input"
        id={props.id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value ?? ''}
        autocomplete={props.autocomplete}
        minLength={props.minLength}
        maxLength={props.maxLength}
        required={!props.optional}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy()}
      />
      <Show when={props.hint}>
        {(hint) => (
          <p class="muted field-hint" id={hintId()}>
            {hint()}
          </p>
        )}
      </Show>
      <Show when={props.error}>
        {(message) => (
          <p class="field-error" id={errorId()}>
            {message()}
          </p>
        )}
      </Show>
    </div>
  );
}
